/**
 * Rate-limit decisions as HTTP: the three X-RateLimit headers on every limited response
 * (reporting the tightest window; Reset in Unix epoch seconds) and 429 with Retry-After.
 */
import type { FastifyReply } from 'fastify';
import type { LimitDecision } from '../features/limits/limits.service.js';
import { tooManyRequests, type AppError } from './errors.js';

export function limitHeaders(decision: LimitDecision): Record<string, string> {
  return {
    'x-ratelimit-limit': String(decision.report.limit),
    'x-ratelimit-remaining': String(decision.report.remaining),
    'x-ratelimit-reset': String(Math.ceil(decision.report.resetAt / 1000)),
  };
}

/** 429 with Retry-After and the headers of the window that refused. */
export function rateLimited(decision: LimitDecision): AppError {
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  const error = tooManyRequests(`Rate limit exceeded: ${decision.report.label}. Retry after ${seconds} s.`, seconds);
  Object.assign(error.headers, limitHeaders(decision));
  return error;
}

/** Adds the headers to an allowed response, or throws the 429. */
export function applyLimit(reply: FastifyReply, decision: LimitDecision | null): void {
  if (!decision) return;
  if (!decision.allowed) throw rateLimited(decision);
  reply.headers(limitHeaders(decision));
}
