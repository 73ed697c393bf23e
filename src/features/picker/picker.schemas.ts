/** HTTP shapes of the v1 picker. */
import { Type } from 'typebox';
import { DEFAULT_PICKER_LIMIT, MAX_PICKER_LIMIT } from './picker.service.js';
import { REASONS } from './priority.js';

export const PickerQuerySchema = Type.Object(
  {
    brandId: Type.String({ minLength: 1, maxLength: 100 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PICKER_LIMIT, default: DEFAULT_PICKER_LIMIT })),
  },
  { additionalProperties: false },
);

export const PickerResponseSchema = Type.Object({
  brandId: Type.String(),
  items: Type.Array(
    Type.Object({
      promptId: Type.String(),
      prompt: Type.String(),
      promptHash: Type.String(),
      stage: Type.String(),
      priorityScore: Type.Number({ description: 'Predicted information gain, 0–1 (1 = never sampled).' }),
      lastSampledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      reason: Type.Enum(REASONS),
      platforms: Type.Array(Type.String()),
    }),
  ),
  total: Type.Integer({ description: 'Items returned: ceil(5 % of the prompts), at least 3, at most `limit`.' }),
  promptCount: Type.Integer({ description: "The brand's prompts considered." }),
});
