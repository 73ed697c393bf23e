/** v1 and dashboard (same definition, see src/http/surfaces.ts) probes: trigger (202, durable jobs; Idempotency-Key) and status. Beta. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { surfaceConfig, surfacePrefix, type SurfaceOptions } from '../../http/surfaces.js';
import {
  ProbeIdParamsSchema,
  ProbeStatusSchema,
  ProbeTriggerSchema,
  TriggerProbeBodySchema,
  TriggerProbeHeadersSchema,
} from '../../features/probes/probes.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const probeRoutes: FastifyPluginAsyncTypebox<{ container: Container } & SurfaceOptions> = async (app, { container, surface }) => {
  const prefix = surfacePrefix(surface);
  const { probes } = container.services;
  const tags = ['Probes'];

  app.post(
    `${prefix}/probes`,
    {
      config: surfaceConfig(surface, 'write', 'Beta'),
      schema: {
        summary: 'Trigger a probe run',
        description:
          'Queues one durable task per platform × prompt and answers 202 with status `queued`. Send an `Idempotency-Key` ' +
          'header to make retries safe: the same key and body return the same run (header `Idempotent-Replayed: true`); ' +
          'the same key with another body answers 422.',
        tags,
        headers: TriggerProbeHeadersSchema,
        body: TriggerProbeBodySchema,
        response: { 202: ProbeTriggerSchema, ...errorResponses(400, 401, 403, 404, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key']?.trim();
      const { response, replayed } = await probes.trigger(principalOf(request).accountId, request.body, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(202).send(response);
    },
  );

  app.get(
    `${prefix}/probes/:id`,
    {
      // Always live: a run's progress changes in the worker, and pollers wait on it.
      config: { ...surfaceConfig(surface, 'read', 'Beta'), readCache: false },
      schema: {
        summary: 'Probe run status',
        description: 'Status, per-platform results (mentioned by any answer, best rank, snippet, tokens) and per-prompt detail.',
        tags,
        params: ProbeIdParamsSchema,
        response: { 200: ProbeStatusSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => probes.status(principalOf(request).accountId, request.params.id),
  );
};
