/** HTTP shapes of the legacy AEO rewrite and batch endpoints. */
import { Type } from 'typebox';
import { PlatformIdSchema } from '../../platforms/request-ids.js';
import { AEO_BATCH_STATUSES, AEO_ITEM_STATUSES } from '../../db/schema/intelligence.js';
import { MAX_AEO_TEXT, MAX_BATCH_ITEMS } from './aeo.service.js';

const Text = Type.String({ minLength: 1, maxLength: MAX_AEO_TEXT, description: `The customer's text, at most ${MAX_AEO_TEXT} characters.` });
const Audience = Type.Optional(Type.String({ minLength: 1, maxLength: 200 }));
const Platform = Type.Optional(PlatformIdSchema('Platform to use (default: the first configured).'));

export const AeoRewriteBodySchema = Type.Object(
  { text: Text, brand: Type.String({ minLength: 1, maxLength: 100 }), audience: Audience, platform: Platform },
  { additionalProperties: false },
);

export const AeoBatchBodySchema = Type.Object(
  {
    brand_id: Type.String({ minLength: 1, maxLength: 100 }),
    audience: Audience,
    platform: Platform,
    items: Type.Array(Type.Object({ text: Text, audience: Audience }, { additionalProperties: false }), { minItems: 1, maxItems: MAX_BATCH_ITEMS }),
  },
  { additionalProperties: false },
);

export const AeoRewriteResponseSchema = Type.Object({
  headline: Type.String(),
  section_1_answer: Type.String(),
  section_2_evidence: Type.Array(Type.String()),
  section_3_context: Type.String(),
  section_4_faq: Type.Array(Type.Object({ q: Type.String(), a: Type.String() })),
  score_aviv: Type.Number({ minimum: 0, maximum: 100, description: 'Structure score 0–100 computed by the service (docs/metrics.md).' }),
  source: Type.String({ description: 'Platform that produced the rewrite.' }),
  latency_ms: Type.Number(),
  cost_usd: Type.Number(),
  jsonld: Type.String({ description: 'schema.org JSON-LD (@graph of Article and FAQPage) serialised as a string.' }),
  simulated: Type.Boolean(),
  repaired: Type.Boolean({ description: 'True when the model answer needed a JSON repair or a retry.' }),
});

export const AeoBatchIdParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const AeoBatchSchema = Type.Object({
  batchId: Type.String(),
  brandId: Type.String(),
  status: Type.Enum(AEO_BATCH_STATUSES, { description: 'queued → running → completed (every item succeeded or failed).' }),
  statusUrl: Type.String({ description: 'Where to poll this batch (also sent as Location with the 202).' }),
  createdAt: Type.String({ format: 'date-time' }),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  progress: Type.Object({ total: Type.Integer(), done: Type.Integer(), succeeded: Type.Integer(), failed: Type.Integer() }),
  successCount: Type.Integer(),
  failureCount: Type.Integer(),
  citationGain: Type.Number({ description: 'Mean score_aviv gain over the original texts of the succeeded items, 0–1 (predicted, not measured).' }),
  results: Type.Array(
    Type.Object({
      index: Type.Integer(),
      status: Type.Enum(AEO_ITEM_STATUSES),
      ok: Type.Union([Type.Boolean(), Type.Null()], { description: 'null until the item has ended.' }),
      rewrite: Type.Optional(AeoRewriteResponseSchema),
      error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
    }),
  ),
});
