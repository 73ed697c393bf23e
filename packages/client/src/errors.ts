/**
 * Typed exceptions for every non-2xx answer, carrying the server's error envelope
 * `{"error": {"code", "message", "requestId"}}`, plus the limit headers on 429.
 */

export interface RateLimitInfo {
  /** Seconds the server asked to wait (Retry-After), when sent. */
  retryAfterSeconds: number | undefined;
  limit: number | undefined;
  remaining: number | undefined;
  /** Unix epoch seconds when the tightest window resets (X-RateLimit-Reset). */
  resetAt: number | undefined;
}

export class SightlineError extends Error {
  override name = 'SightlineError';
  constructor(
    /** HTTP status; 0 for a network failure (no answer). */
    readonly status: number,
    /** The envelope's machine-readable code, e.g. `VALIDATION_FAILED`, `NOT_FOUND`. */
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class BadRequestError extends SightlineError { override name = 'BadRequestError'; }
export class AuthenticationError extends SightlineError { override name = 'AuthenticationError'; }
export class PaymentRequiredError extends SightlineError { override name = 'PaymentRequiredError'; }
export class PermissionError extends SightlineError { override name = 'PermissionError'; }
export class NotFoundError extends SightlineError { override name = 'NotFoundError'; }
export class ConflictError extends SightlineError { override name = 'ConflictError'; }
export class ServerError extends SightlineError { override name = 'ServerError'; }
export class NetworkError extends SightlineError { override name = 'NetworkError'; }

export class RateLimitError extends SightlineError {
  override name = 'RateLimitError';
  constructor(
    code: string,
    message: string,
    requestId: string | undefined,
    readonly rateLimit: RateLimitInfo,
  ) {
    super(429, code, message, requestId);
  }
}

const numberHeader = (headers: Headers, name: string): number | undefined => {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** Retry-After as seconds: a number of seconds or an HTTP date. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

export function rateLimitOf(headers: Headers): RateLimitInfo {
  return {
    retryAfterSeconds: retryAfterSeconds(headers),
    limit: numberHeader(headers, 'x-ratelimit-limit'),
    remaining: numberHeader(headers, 'x-ratelimit-remaining'),
    resetAt: numberHeader(headers, 'x-ratelimit-reset'),
  };
}

interface Envelope {
  error?: { code?: unknown; message?: unknown; requestId?: unknown };
}

/** Reads the envelope from a failed answer (the body is consumed) and builds the matching exception. */
export async function errorFromResponse(response: Response): Promise<SightlineError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's HTML page): keep the text.
  }
  return errorFromBody(response, body);
}

/** The exception for a failed answer whose body was already read (JSON value or text). */
export function errorFromBody(response: Response, body: unknown): SightlineError {
  const e = (typeof body === 'object' && body !== null ? (body as Envelope).error : undefined) ?? {};
  const text = typeof body === 'string' ? body : '';
  const code = typeof e.code === 'string' ? e.code : `HTTP_${response.status}`;
  const message = typeof e.message === 'string' ? e.message : `${response.status} ${response.statusText || 'error'}${text ? `: ${text.slice(0, 200)}` : ''}`;
  const requestId = typeof e.requestId === 'string' ? e.requestId : (response.headers.get('x-request-id') ?? undefined);
  if (response.status === 429) return new RateLimitError(code, message, requestId, rateLimitOf(response.headers));
  const Class = errorClassFor(response.status);
  return new Class(response.status, code, message, requestId);
}

function errorClassFor(status: number): typeof SightlineError {
  if (status === 400 || status === 413 || status === 414 || status === 415 || status === 422) return BadRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 402) return PaymentRequiredError;
  if (status === 403) return PermissionError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status >= 500) return ServerError;
  return SightlineError;
}
