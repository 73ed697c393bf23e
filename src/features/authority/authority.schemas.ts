/** HTTP shapes of v1 authority. */
import { Type } from 'typebox';
import { DateTime, Nullable } from '../../lib/schema-types.js';

export const AuthorityQuerySchema = Type.Object({ brandId: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

/** One E-E-A-T subscore, 0–100. */
const Subscore = Type.Number();

export const AuthorityResponseSchema = Type.Object({
  brandId: Type.String(),
  scoredAt: DateTime,
  geoScore: Type.Number({ description: '0–100.' }),
  eeatScore: Type.Number({ description: '0–100, mean of the subscores.' }),
  citationDensity: Type.Number({ description: "Share (0–1) of answers citing the brand's own domain." }),
  subscores: Type.Object({ experience: Subscore, expertise: Subscore, authoritativeness: Subscore, trustworthiness: Subscore }),
  trend7d: Type.Number({ description: 'geoScore now minus the latest snapshot at least 7 days old (0 without one).' }),
  trendFrom: Nullable(Type.String()),
  sampleSize: Type.Integer({ description: 'Answers in the 30-day window.' }),
  windowDays: Type.Integer(),
});
