/**
 * The domain's errors: what went wrong, in words a caller can act on, and a stable code to switch
 * on. Nothing here knows HTTP — no status, no headers: `src/http/errors.ts` maps each code to a
 * status once, and the CLI and the job worker read the same errors without it.
 */

/** Every code the service answers with. Closed: adding one means adding its HTTP status too. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'UNAUTHENTICATED',
  'QUOTA_EXCEEDED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'NOT_ACCEPTABLE',
  'CONFLICT',
  'WEBHOOK_LIMIT_REACHED',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'IDEMPOTENCY_KEY_REUSED',
  'INVITE_ALREADY_USED',
  'INVITE_EXPIRED',
  'RATE_LIMITED',
  'BAD_REQUEST',
  'INTERNAL_ERROR',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_INVALID_RESPONSE',
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface DomainErrorOptions {
  /** The offending input as a dotted path into the caller's input (`prompts.0.text`), never `body.…`. */
  field?: string;
  /** Extra machine-readable facts the caller may use (merged into the error envelope). */
  details?: Record<string, unknown>;
}

export class DomainError extends Error {
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.field = options.field;
    this.details = options.details;
  }
}

/** One rate-limit window as reported to the caller (the tightest, or the one that refused). */
export interface WindowReport {
  label: string;
  limit: number;
  remaining: number;
  /** Epoch ms when the full limit is available again. */
  resetAt: number;
}

/** A limiter's answer; when refused, `retryAfterMs` says how long until the request would fit. */
export interface LimitDecision {
  allowed: boolean;
  /** The tightest window (the refusing one with the longest wait when refused). */
  report: WindowReport;
  /** Refused only: how long until the request would fit in every window. */
  retryAfterMs: number;
}

/** Refused by a rate limit; carries the decision so a transport can say when to retry. */
export class RateLimitedError extends DomainError {
  constructor(readonly decision: LimitDecision) {
    const seconds = retryAfterSeconds(decision);
    super('RATE_LIMITED', `Rate limit exceeded: ${decision.report.label}. Retry after ${seconds} s.`);
    this.name = 'RateLimitedError';
  }
}

/** Whole seconds to wait, never less than one. */
export function retryAfterSeconds(decision: LimitDecision): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}

export const badRequest = (message: string, options?: DomainErrorOptions) => new DomainError('VALIDATION_ERROR', message, options);
export const unauthorized = (message = 'Authentication required: send a valid API key or sign in.') =>
  new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found.`);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const quotaExceeded = (message: string) => new DomainError('QUOTA_EXCEEDED', message);
export const upstreamUnavailable = (message: string, options?: DomainErrorOptions) =>
  new DomainError('UPSTREAM_UNAVAILABLE', message, options);
export const serviceUnavailable = (message: string) => new DomainError('SERVICE_UNAVAILABLE', message);
