/**
 * Rate-limit decisions as HTTP: the three X-RateLimit headers on every limited response
 * (reporting the tightest window; Reset in Unix epoch seconds). A refusal in a service is thrown
 * as the domain's RateLimitedError, which src/http/errors.ts answers as 429 with Retry-After and
 * these headers; a refusal by a route's own limit (the auth hook) is answered here directly.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { retryAfterSeconds, type LimitDecision } from '../lib/errors.js';
import { setStandardHeaders } from './security-headers.js';

export function limitHeaders(decision: LimitDecision): Record<string, string> {
  return {
    'x-ratelimit-limit': String(decision.report.limit),
    'x-ratelimit-remaining': String(decision.report.remaining),
    'x-ratelimit-reset': String(Math.ceil(decision.report.resetAt / 1000)),
  };
}

/** The JSON text of a refusal's message, per (window label, seconds): labels are few, seconds are few. */
const serialisedMessages = new Map<string, string>();
function serialisedMessage(decision: LimitDecision, seconds: number): string {
  const key = `${seconds}\u0000${decision.report.label}`;
  let json = serialisedMessages.get(key);
  if (json === undefined) {
    // The same words as RateLimitedError's message (src/lib/errors.ts).
    json = JSON.stringify(`Rate limit exceeded: ${decision.report.label}. Retry after ${seconds} s.`);
    if (serialisedMessages.size >= 10_000) serialisedMessages.clear();
    serialisedMessages.set(key, json);
  }
  return json;
}

/**
 * Answers a refused request at once, with the same envelope and headers as the error handler
 * would (src/http/errors.ts) but without its work: no Error object (stack capture), no envelope
 * mapping, no serialiser; the body is concatenated from pre-serialised parts. A flood past a
 * limit is the one error that comes in volume (bench/signed-in.ts, `limited`).
 */
export function replyRateLimited(request: FastifyRequest, reply: FastifyReply, decision: LimitDecision): FastifyReply {
  const seconds = retryAfterSeconds(decision);
  setStandardHeaders(request, reply);
  reply.code(429).headers(limitHeaders(decision)).header('retry-after', String(seconds)).header('content-type', 'application/json; charset=utf-8');
  return reply.send(`{"error":{"code":"RATE_LIMITED","message":${serialisedMessage(decision, seconds)},"requestId":${JSON.stringify(request.id)}}}`);
}

/** Adds the headers to an allowed response; true when the request was refused (429 sent). */
export function applyLimit(request: FastifyRequest, reply: FastifyReply, decision: LimitDecision | null): boolean {
  if (!decision) return false;
  if (!decision.allowed) {
    replyRateLimited(request, reply, decision);
    return true;
  }
  reply.headers(limitHeaders(decision));
  return false;
}

