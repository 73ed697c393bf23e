/** HTTP shapes of v1 prompt packs. */
import { Type } from 'typebox';
import { Nullable } from '../../lib/schema-types.js';
import { AIDA_STAGES, PROMPT_INTENTS, PROMPT_LOCALES } from '../../db/schema/scanning.js';
import { MAX_PACK_PROMPTS } from './prompts.service.js';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const CreatePackBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    prompts: Type.Array(
      Type.Object(
        {
          text: Type.String({ minLength: 1, maxLength: 500 }),
          stage: literals(AIDA_STAGES),
          intent: literals(PROMPT_INTENTS),
          locale: Type.Optional(literals(PROMPT_LOCALES)),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_PACK_PROMPTS },
    ),
    bind: Type.Optional(Type.Boolean({ description: "Make it the account's default pack for probes." })),
  },
  { additionalProperties: false },
);

const Prompt = Type.Object({
  id: Type.String(),
  text: Type.String(),
  locale: Type.String(),
  stage: Type.String(),
  intent: Type.String(),
  hash: Type.String({ description: 'sha256 of the normalised text (promptHash elsewhere).' }),
});

/** What a pack's detail and its list row both say about it. */
const PackFields = { id: Type.String(), name: Type.String(), source: Type.String(), brandId: Nullable(Type.String()), bound: Type.Boolean() };

export const PackDetailSchema = Type.Object({ ...PackFields, createdAt: Type.String(), prompts: Type.Array(Prompt) });

export const PackListSchema = Type.Object({
  boundPackId: Nullable(Type.String()),
  packs: Type.Array(Type.Object({ ...PackFields, promptCount: Type.Integer(), createdAt: Type.String() })),
});

export const PackIdParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) });
