import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Container } from '../../container.js';
import { HEALTH_TTL_MS, STATUS_TTL_MS, type HealthService } from '../../features/health/health.service.js';
import { StatusReportSchema } from '../../features/health/health.schemas.js';
import { setCacheHeaders } from '../../http/cache-headers.js';

/** The cached report is the same object until it expires: serialise it once, not per request. */
const serialised = new WeakMap<object, string>();
function once(value: object): string {
  let json = serialised.get(value);
  if (json === undefined) serialised.set(value, (json = JSON.stringify(value)));
  return json;
}

/** Shared by `/api/health` and `/api/v1/health`: 200 when healthy, 503 when the database is not. */
export async function replyWithHealth(health: HealthService, reply: FastifyReply) {
  const { value, ageMs } = await health.health();
  setCacheHeaders(reply, HEALTH_TTL_MS, ageMs);
  return reply
    .status(value.status === 'ok' ? 200 : 503)
    .type('application/json; charset=utf-8')
    .send(once(value));
}

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
