import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { STATUS_TTL_MS } from '../../features/health/health.service.js';
import { StatusReportSchema } from '../../features/health/health.schemas.js';
import { setCacheHeaders } from '../../http/cache-headers.js';
import { replyWithHealth } from '../../http/health-reply.js';

export const legacyHealthRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { health } = container.services;

  app.get('/api/health', { schema: { response: { 200: { $ref: 'HealthReport#' }, 503: { $ref: 'HealthReport#' } } } }, (_req, reply) =>
    replyWithHealth(health, reply),
  );

  app.get('/api/status', { schema: { response: { 200: StatusReportSchema, 503: StatusReportSchema } } }, async (_req, reply) => {
    const { value, ageMs } = await health.status();
    setCacheHeaders(reply, STATUS_TTL_MS, ageMs);
    return reply.status(value.status === 'down' ? 503 : 200).send(value);
  });
};
