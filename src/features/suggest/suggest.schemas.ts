/** HTTP shapes of v1 suggest. */
import { Type } from 'typebox';
import { SUGGEST_INTENTS } from './rewrite.js';
import { EEAT_SIGNALS } from './signals.js';
import { MAX_SUGGEST_CONTENT } from './suggest.service.js';

export const SuggestBodySchema = Type.Object(
  {
    brandId: Type.String({ minLength: 1, maxLength: 100 }),
    content: Type.String({ minLength: 1, maxLength: MAX_SUGGEST_CONTENT, description: `At most ${MAX_SUGGEST_CONTENT} characters.` }),
    intent: Type.Optional(Type.Enum(SUGGEST_INTENTS)),
  },
  { additionalProperties: false },
);

export const SuggestionIdParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) });

const Signal = Type.Enum(EEAT_SIGNALS);

export const SuggestionSchema = Type.Object({
  suggestionId: Type.String(),
  brandId: Type.String(),
  intent: Type.Union([Type.String(), Type.Null()]),
  rewritten: Type.String(),
  factClaims: Type.Array(Type.Object({ claim: Type.String(), verifiable: Type.Boolean() })),
  eeatSignals: Type.Array(Signal, { description: 'E-E-A-T signals found in the rewrite.' }),
  missingSignals: Type.Array(Signal, { description: 'Signals worth adding (not in the content).' }),
  expectedLift: Type.Object({ metric: Type.String(), delta: Type.Number({ description: 'Absolute change of the mention rate (0–1).' }) }),
  expectedLiftBasis: Type.Optional(Type.Object({ answers: Type.Integer(), mentions: Type.Integer(), windowDays: Type.Integer() })),
  status: Type.String({ description: 'suggested, applied, uplift or no_uplift.' }),
  createdAt: Type.String({ format: 'date-time' }),
  appliedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
