/**
 * One access-log line per request, written by Fastify's own log controller when the response
 * finishes: no onResponse hook, so no hook runner on the hot path. Fastify's other per-request
 * lines (incoming request, its own error lines) stay off: errors are logged once, with the
 * request id, by src/http/errors.ts.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '../lib/logger.js';

/** Uptime monitors poll these every few seconds: their lines go to debug, like most services do. */
const QUIET_PATHS = new Set(['/api/health', '/api/v1/health', '/api/status']);

export class AccessLog extends LogController {
  constructor(private readonly log: Logger) {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const level = error ? 'warn' : QUIET_PATHS.has(request.url) && reply.statusCode < 500 ? 'debug' : 'info';
    if (!this.log.isLevelEnabled(level)) return;
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) request.log.warn({ ...line, err: error }, 'request ended with a socket error');
    else request.log[level](line, 'request');
  }
}
