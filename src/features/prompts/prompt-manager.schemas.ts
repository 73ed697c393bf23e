/** HTTP shapes of the prompt manager (a brand's questions). */
import { Type } from 'typebox';
import { AIDA_STAGES, PROMPT_INTENTS, PROMPT_LOCALES } from '../../db/schema/scanning.js';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const Text = Type.String({ minLength: 1, maxLength: 500 });

export const BrandPromptParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }), promptId: Type.String({ maxLength: 100 }) });
export const BrandPromptsQuerySchema = Type.Object({ locale: Type.Optional(literals(PROMPT_LOCALES)) }, { additionalProperties: false });

export const AddPromptBodySchema = Type.Object(
  {
    text: Text,
    locale: Type.Optional(literals(PROMPT_LOCALES)),
    stage: Type.Optional(literals(AIDA_STAGES)),
    intent: Type.Optional(literals(PROMPT_INTENTS)),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const EditPromptBodySchema = Type.Object(
  {
    text: Type.Optional(Text),
    locale: Type.Optional(literals(PROMPT_LOCALES)),
    stage: Type.Optional(literals(AIDA_STAGES)),
    intent: Type.Optional(literals(PROMPT_INTENTS)),
    enabled: Type.Optional(Type.Boolean({ description: 'false = keep the question but stop asking it.' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ImportPromptsBodySchema = Type.Object(
  { csv: Type.String({ minLength: 1, maxLength: 200_000, description: 'CSV with columns text, locale, stage, intent, enabled (header row optional).' }) },
  { additionalProperties: false },
);

export const BrandPromptSchema = Type.Object({
  id: Type.String(),
  text: Type.String(),
  locale: Type.String(),
  stage: Type.String(),
  intent: Type.String(),
  hash: Type.String(),
  enabled: Type.Boolean(),
  branded: Type.Boolean({ description: 'The text names the brand or a tracked competitor: kept out of headline figures.' }),
  names: Type.Array(Type.String(), { description: 'The tracked names the text contains.' }),
});

export const BrandPromptListSchema = Type.Object({
  brandId: Type.String(),
  packId: Type.String(),
  counts: Type.Object({ total: Type.Integer(), enabled: Type.Integer(), branded: Type.Integer() }),
  prompts: Type.Array(BrandPromptSchema),
});

export const ImportResultSchema = Type.Object({
  brandId: Type.String(),
  packId: Type.String(),
  added: Type.Array(BrandPromptSchema),
  skipped: Type.Array(Type.Object({ line: Type.Integer(), text: Type.String(), reason: Type.String() })),
});
