/**
 * Turns whatever a platform call threw (an HTTP error status, a connection failure, the attempt's
 * deadline, cockatiel policy errors, parse errors) into one PlatformError with a kind. The kind
 * alone decides retry, breaker and HTTP status.
 */
import { BrokenCircuitError, BulkheadRejectedError, TaskCancelledError } from 'cockatiel';
import { AttemptTimeoutError, ConnectionError, MAX_ANSWER_BYTES } from './http-exchange.js';
import { PlatformError, type PlatformErrorKind, type PlatformId } from './types.js';

/** Kinds worth another attempt: the platform may answer next time. */
const RETRYABLE: ReadonlySet<PlatformErrorKind> = new Set(['rate_limited', 'upstream_error', 'timeout']);

/** Kinds that say the platform itself is unhealthy, so they count towards opening the circuit. */
const BREAKER_FAILURES: ReadonlySet<PlatformErrorKind> = new Set(['upstream_error', 'timeout', 'bad_response']);

export function isRetryable(error: PlatformError, maxRetryAfterMs: number): boolean {
  if (!RETRYABLE.has(error.kind)) return false;
  // A platform asking us to wait longer than we are willing to hold a caller: give up now and let
  // the caller (a durable job) reschedule with the retryAfterMs we pass on.
  return error.retryAfterMs === undefined || error.retryAfterMs <= maxRetryAfterMs;
}

/**
 * Kinds a durable job retries later, after the adapter's own retries gave up: besides the
 * retryable kinds, an open circuit (it closes again) and an aborted call (the worker stopped).
 */
const RETRYABLE_LATER: ReadonlySet<PlatformErrorKind> = new Set([...RETRYABLE, 'circuit_open', 'aborted']);

export function isRetryableLater(error: PlatformError): boolean {
  return RETRYABLE_LATER.has(error.kind);
}

export function countsAsBreakerFailure(error: PlatformError): boolean {
  return BREAKER_FAILURES.has(error.kind);
}

/** `Retry-After` as seconds or an HTTP date → milliseconds from now; undefined when absent or invalid. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * A non-2xx answer, read the way OpenAI-compatible APIs report errors (`{"error": {"message",
 * "code", "type"}}`). The message is built as the openai SDK built it, so logs and stored error
 * messages read as before: "<status> <error.message>", the body's JSON, the raw text, or
 * "<status> status code (no body)".
 */
export class HttpStatusError extends Error {
  override name = 'HttpStatusError';
  /** The body's `error` member, when the body is JSON. */
  readonly error: unknown;
  readonly code: unknown;
  readonly type: unknown;
  constructor(
    readonly status: number,
    body: string,
    /** The `Retry-After` header, as sent. */
    readonly retryAfter: string | undefined,
  ) {
    const json = safeJson(body);
    const error = (json as { error?: unknown } | undefined)?.error;
    super(statusMessage(status, error, json === undefined ? body : undefined));
    this.error = error;
    const fields = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : undefined;
    this.code = fields?.['code'];
    this.type = fields?.['type'];
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function statusMessage(status: number, error: unknown, text: string | undefined): string {
  const inner = (error as { message?: unknown } | null | undefined)?.message;
  const message = inner ? (typeof inner === 'string' ? inner : JSON.stringify(inner)) : error ? JSON.stringify(error) : text;
  return message ? `${status} ${message}` : `${status} status code (no body)`;
}

/**
 * Quota/balance exhaustion is reported as 429 (OpenAI `insufficient_quota`, Moonshot
 * `exceeded_current_quota_error`, Zhipu code 1113), 402 (DeepSeek) or 400/403 (DashScope
 * `Arrearage`, Ark `AccountOverdueError`). Waiting does not fix any of them.
 */
const QUOTA_PATTERN = /quota|insufficient_balance|insufficient balance|arrearage|overdue|billing|^1113$/i;

function isQuotaError(error: HttpStatusError): boolean {
  if (error.status === 402) return true;
  return [error.code, error.type].some((field) => field !== undefined && field !== null && QUOTA_PATTERN.test(String(field)));
}

function kindForStatus(status: number): PlatformErrorKind {
  if (status === 401 || status === 403) return 'auth_failed';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'upstream_error';
  return 'bad_request';
}

export interface ClassifyContext {
  platform: PlatformId;
  /** The caller's signal: an abort from it is `aborted`, any other cancellation is a timeout. */
  callerSignal: AbortSignal | undefined;
  timeoutMs: number;
}

export function toPlatformError(raw: unknown, ctx: ClassifyContext): PlatformError {
  const { platform } = ctx;
  if (raw instanceof PlatformError) return raw;
  if (ctx.callerSignal?.aborted) return new PlatformError(platform, 'aborted', `${platform}: call aborted by caller`);
  if (raw instanceof AttemptTimeoutError || raw instanceof TaskCancelledError) {
    return new PlatformError(platform, 'timeout', `${platform}: no answer within ${ctx.timeoutMs} ms`);
  }
  if (raw instanceof BrokenCircuitError) {
    return new PlatformError(platform, 'circuit_open', `${platform}: circuit open after repeated failures`);
  }
  if (raw instanceof BulkheadRejectedError) {
    return new PlatformError(platform, 'rate_limited', `${platform}: too many calls queued locally`);
  }
  if (raw instanceof ConnectionError) {
    if ((raw.cause as { code?: unknown }).code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
      return new PlatformError(platform, 'bad_response', `${platform}: answer larger than ${MAX_ANSWER_BYTES} bytes`);
    }
    // undici's own connect, headers and body timeouts (backstops behind the attempt's deadline).
    if (/timed? ?out/i.test(`${raw.cause.name} ${raw.cause.message}`)) {
      return new PlatformError(platform, 'timeout', `${platform}: no answer within ${ctx.timeoutMs} ms`);
    }
    return new PlatformError(platform, 'upstream_error', `${platform}: connection failed: ${raw.cause.message}`);
  }
  if (raw instanceof HttpStatusError) {
    const status = raw.status;
    const detail = raw.message.slice(0, 300);
    if (isQuotaError(raw)) {
      return new PlatformError(platform, 'quota_exceeded', `${platform}: quota or balance exhausted (${detail})`, status);
    }
    const kind = kindForStatus(status);
    const retryAfterMs = kind === 'rate_limited' || kind === 'upstream_error' ? parseRetryAfter(raw.retryAfter) : undefined;
    return new PlatformError(platform, kind, `${platform}: HTTP ${status} (${detail})`, status, retryAfterMs);
  }
  if (raw instanceof SyntaxError) {
    return new PlatformError(platform, 'bad_response', `${platform}: answer is not valid JSON (${raw.message.slice(0, 200)})`);
  }
  const message = raw instanceof Error ? raw.message : String(raw);
  return new PlatformError(platform, 'upstream_error', `${platform}: ${message.slice(0, 300)}`);
}
