/** HTTP shapes of v1 citations. */
import { Type } from 'typebox';
import { PlatformIdSchema } from '../../platforms/request-ids.js';
import { DEFAULT_CITATION_DAYS, MAX_CITATION_DAYS } from './citations.service.js';

export const CitationsQuerySchema = Type.Object(
  {
    brandId: Type.String({ minLength: 1, maxLength: 100 }),
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CITATION_DAYS, default: DEFAULT_CITATION_DAYS, description: `Default ${DEFAULT_CITATION_DAYS}, maximum ${MAX_CITATION_DAYS}.` })),
    platform: Type.Optional(PlatformIdSchema('v1 platform id (`zhipu` accepted for `glm`).')),
  },
  { additionalProperties: false },
);

export const CitationSchema = Type.Object({
  id: Type.String(),
  brandId: Type.String(),
  platform: Type.String(),
  sourceUrl: Type.String({ description: 'The URL exactly as the latest citing answer wrote it.' }),
  normalizedUrl: Type.String({ description: 'The grouping key of the page (lower-case host, no fragment or tracking parameters, no trailing slash on a non-root path): one entry per key.' }),
  sourceDomain: Type.String({ description: 'Registrable domain.' }),
  promptHash: Type.String({ description: 'sha256 of the normalised prompt text.' }),
  discoveredAt: Type.String({ format: 'date-time', description: "First time the brand's answers cited this URL." }),
  lastSeenAt: Type.String({ format: 'date-time' }),
  context: Type.String({ description: 'The sentence that cites the URL.' }),
});

export const CitationsResponseSchema = Type.Object({
  citations: Type.Array(CitationSchema),
  total: Type.Integer({ description: 'Distinct pages (grouping keys) in the window (at most 500 are listed).' }),
  windowDays: Type.Integer(),
});
