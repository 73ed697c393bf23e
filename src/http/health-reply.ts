/** The health report as an HTTP answer, shared by `/api/health` and `/api/v1/health`. */
import type { FastifyReply } from 'fastify';
import { HEALTH_TTL_MS, type HealthReport, type HealthService } from '../features/health/health.service.js';
import { setCacheHeaders } from './cache-headers.js';

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
 * 200 when healthy, 503 when the database is not.
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
