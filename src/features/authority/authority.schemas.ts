/** HTTP shapes of v1 authority. */
import { Type } from 'typebox';

export const AuthorityQuerySchema = Type.Object({ brandId: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

export const AuthorityResponseSchema = Type.Object({
  brandId: Type.String(),
  scoredAt: Type.String({ format: 'date-time' }),
  geoScore: Type.Number({ description: '0–100.' }),
  eeatScore: Type.Number({ description: '0–100, mean of the subscores.' }),
  citationDensity: Type.Number({ description: "Share (0–1) of answers citing the brand's own domain." }),
  subscores: Type.Object({
    experience: Type.Number(),
    expertise: Type.Number(),
    authoritativeness: Type.Number(),
    trustworthiness: Type.Number(),
  }),
  trend7d: Type.Number({ description: 'geoScore now minus the latest snapshot at least 7 days old (0 without one).' }),
  trendFrom: Type.Union([Type.String(), Type.Null()]),
  sampleSize: Type.Integer({ description: 'Answers in the 30-day window.' }),
  windowDays: Type.Integer(),
});
