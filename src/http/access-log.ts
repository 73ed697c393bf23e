/**
 * One access-log line per request, written by Fastify's own log controller when the response
 * finishes: no onResponse hook, so no hook runner on the hot path. Fastify's other per-request
 * lines (incoming request, its own error lines) stay off: errors are logged once, with the
 * request id, by src/http/errors.ts.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '../lib/logger.js';
import { httpDuration, rateLimitRejections } from '../lib/metrics.js';

/** Uptime monitors poll these every few seconds: their lines go to debug, like most services do. */
const QUIET_PATHS = new Set(['/api/health', '/api/v1/health', '/api/status', '/metrics']);
/** How often refused (429) requests are summed up in one line instead of one line each. */
export const REFUSED_SUMMARY_MS = 60_000;

export class AccessLog extends LogController {
  private refused = 0;
  private refusedSince = 0;

  constructor(private readonly log: Logger, private readonly now: () => number = Date.now) {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // The route pattern, never the raw URL: ids in paths would make a series per resource.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    httpDuration.observe(request.method, route, status, reply.elapsedTime / 1000);
    if (status === 429) rateLimitRejections.inc({ route });
    // A flood past a rate limit must not become a flood of log lines: each refusal is a debug
    // line, and at most once a minute an info line says how many there were.
    if (reply.statusCode === 429 && !error) this.countRefused();
    else if (this.refused > 0) this.summariseRefused(false);
    const level = error ? 'warn' : reply.statusCode === 429 || (QUIET_PATHS.has(request.url) && reply.statusCode < 500) ? 'debug' : 'info';
    if (!this.log.isLevelEnabled(level)) return;
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) request.log.warn({ ...line, err: error }, 'request ended with a socket error');
    else request.log[level](line, 'request');
  }

  private countRefused(): void {
    if (this.refused === 0) this.refusedSince = this.now();
    this.refused++;
    this.summariseRefused(false);
  }

  /** Writes the summary line when a period is over (or now, when `force`). */
  summariseRefused(force: boolean): void {
    if (this.refused === 0) return;
    const elapsed = this.now() - this.refusedSince;
    if (!force && elapsed < REFUSED_SUMMARY_MS) return;
    this.log.info({ refused: this.refused, seconds: Math.round(elapsed / 1000) }, 'requests refused by rate limits (429)');
    this.refused = 0;
  }
}

