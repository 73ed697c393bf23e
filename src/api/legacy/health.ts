import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Container } from '../../container.js';
import { HEALTH_TTL_MS, STATUS_TTL_MS, type HealthReport, type HealthService } from '../../features/health/health.service.js';
import { StatusReportSchema } from '../../features/health/health.schemas.js';
import { setCacheHeaders } from '../../http/cache-headers.js';

/** The cached report is the same object until it expires: serialise it once, not per request. */
let lastReport: HealthReport | undefined;
let lastJson = '';
function jsonOf(report: HealthReport): string {
  if (report !== lastReport) {
    lastJson = JSON.stringify(report);
    lastReport = report;
  }
  return lastJson;
}

/**
 * Shared by `/api/health` and `/api/v1/health`: 200 when healthy, 503 when the database is not.
 * Uptime monitors poll it, so a fresh cached report is answered synchronously: no promise, no
 * microtask hop (bench/http.ts).
 */
export function replyWithHealth(health: HealthService, reply: FastifyReply): FastifyReply | Promise<FastifyReply> {
  const fresh = health.freshHealth();
  return fresh ? sendHealth(reply, fresh) : health.health().then((report) => sendHealth(reply, report));
}

function sendHealth(reply: FastifyReply, { value, ageMs }: { value: HealthReport; ageMs: number }): FastifyReply {
  setCacheHeaders(reply, HEALTH_TTL_MS, ageMs);
  return reply
    .status(value.status === 'ok' ? 200 : 503)
    .type('application/json; charset=utf-8')
    .send(jsonOf(value));
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
