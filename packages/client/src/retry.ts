/**
 * The transport under every call: Bearer auth, an Idempotency-Key on every POST, and retries with
 * exponential back-off and full jitter (AWS's "full jitter": a uniform wait in [0, min(cap, base·2^n)]),
 * waiting at least Retry-After when the server sends it. Retried: 429, 500, 502, 503, 504 and
 * dropped connections; never another 4xx (the request itself is wrong, repeating it cannot help).
 * Every call is safe to retry: GETs are reads and POSTs carry an Idempotency-Key.
 */
import { NetworkError, retryAfterSeconds } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 disables). */
  maxRetries?: number;
  /** First back-off ceiling in ms (default 500). */
  baseDelayMs?: number;
  /** Largest back-off ceiling in ms (default 20 000). */
  maxDelayMs?: number;
  /** A Retry-After longer than this (seconds) is not waited out: the error is thrown at once (default 120). */
  maxRetryAfterSeconds?: number;
}

export const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);

export interface TransportOptions {
  apiKey?: string | undefined;
  fetch?: typeof fetch | undefined;
  retry?: RetryOptions | undefined;
  /** Extra headers on every request (e.g. a User-Agent in Node). */
  headers?: Record<string, string> | undefined;
  /** Source of randomness (tests make the jitter deterministic). */
  random?: () => number;
}

/** Per-call overrides, carried as a private header openapi-fetch passes through untouched. */
export const NO_RETRY_ON_429 = 'x-sightline-no-retry-429';

export function backoffDelayMs(attempt: number, retry: Required<RetryOptions>, random: () => number, retryAfter: number | undefined): number {
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt);
  const jitter = random() * ceiling;
  return retryAfter === undefined ? jitter : Math.max(retryAfter * 1000, jitter);
}

/** Sleeps `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** A fetch with the client's auth, idempotency and retry rules, for openapi-fetch and the legacy calls. */
export function createTransport(options: TransportOptions): typeof fetch {
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const retry: Required<RetryOptions> = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterSeconds: 120, ...options.retry };
  const random = options.random ?? Math.random;

  return async function transport(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    for (const [name, value] of Object.entries(options.headers ?? {})) if (!headers.has(name)) headers.set(name, value);
    if (options.apiKey && !headers.has('authorization')) headers.set('authorization', `Bearer ${options.apiKey}`);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    if (request.method === 'POST' && !headers.has('idempotency-key')) headers.set('idempotency-key', newIdempotencyKey());
    const retry429 = !headers.has(NO_RETRY_ON_429);
    headers.delete(NO_RETRY_ON_429);
    const body = request.body === null ? undefined : await request.arrayBuffer();
    const signal = request.signal;

    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retry.maxRetries;
      let response: Response;
      try {
        response = await baseFetch(request.url, { method: request.method, headers, body: body ?? null, signal, redirect: request.redirect, credentials: request.credentials });
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (last) throw new NetworkError(0, 'NETWORK_ERROR', `No answer from ${new URL(request.url).origin}: ${(error as Error).message}`, undefined, { cause: error });
        await sleep(backoffDelayMs(attempt, retry, random, undefined), signal);
        continue;
      }
      const retryable = RETRYABLE_STATUS.has(response.status) && (retry429 || response.status !== 429);
      if (!retryable || last) return response;
      const after = retryAfterSeconds(response.headers);
      if (after !== undefined && after > retry.maxRetryAfterSeconds) return response;
      await response.body?.cancel().catch(() => {});
      await sleep(backoffDelayMs(attempt, retry, random, after), signal);
    }
  };
}
