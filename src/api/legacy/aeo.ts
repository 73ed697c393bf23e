/**
 * POST /api/aeo/rewrite (one text, synchronous), POST /api/aeo/batch (several, durable: 202 and a
 * status URL) and GET /api/aeo/batch/:id (progress and results; raises aeo.batch.completed once).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { AeoBatchBodySchema, AeoBatchIdParamsSchema, AeoBatchSchema, AeoRewriteBodySchema, AeoRewriteResponseSchema } from '../../features/aeo/aeo.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const legacyAeoRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { aeo, aeoBatches } = container.services;
  const tags = ['AEO'];

  app.post(
    '/api/aeo/rewrite',
    {
      config: { auth: 'legacy', limit: 'legacy.aeoRewrite' },
      schema: {
        summary: 'AEO rewrite',
        description: 'text and brand required, audience optional. Inverted-pyramid sections, JSON-LD, score_aviv (0–100, computed by the service); the platform cost is charged to usage. 502 when the platform fails or returns no valid rewrite after a repair and a retry.',
        tags,
        body: AeoRewriteBodySchema,
        response: { 200: AeoRewriteResponseSchema, ...errorResponses(400, 401, 403, 415, 429, 502, 503) },
      },
    },
    async (request) => aeo.rewrite(principalOf(request).accountId, request.body),
  );

  app.post(
    '/api/aeo/batch',
    {
      config: { auth: 'legacy', limit: 'legacy.aeoRewrite' },
      schema: {
        summary: 'Queue an AEO rewrite batch',
        description:
          'Up to 10 texts of one brand, stored and rewritten by durable jobs. Answers 202 with the queued batch and its status URL ' +
          '(also in Location); each item succeeds or fails on its own, and the batch raises aeo.batch.completed once when the last item ends.',
        tags,
        body: AeoBatchBodySchema,
        response: { 202: AeoBatchSchema, ...errorResponses(400, 401, 403, 404, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const batch = await aeoBatches.submit(principalOf(request).accountId, { brandId: b.brand_id, audience: b.audience, platform: b.platform, items: b.items });
      return reply.status(202).header('location', batch.statusUrl).send(batch);
    },
  );

  app.get(
    '/api/aeo/batch/:id',
    {
      // Polled while the batch runs: the dashboard window, not the rewrite quota. Always live: its
      // progress changes in the worker, and reading it completes a finished batch.
      config: { auth: 'legacy', limit: 'legacy.dashboard', readCache: false },
      schema: {
        summary: 'AEO rewrite batch status',
        description: "Status (queued, running, completed), progress counts and each item's rewrite or error. Another account's batch is 404.",
        tags,
        params: AeoBatchIdParamsSchema,
        response: { 200: AeoBatchSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => aeoBatches.status(principalOf(request).accountId, request.params.id),
  );
};
