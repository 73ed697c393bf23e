/**
 * One HTTP exchange with a platform, as lean as a probe worker needs it: undici's dispatcher API
 * on a keep-alive pool per origin, the answer read whole into a string (chat completions are
 * small JSON documents), and the per-attempt deadline enforced by one timer that aborts the
 * request through undici's own abort callback. No AbortSignal, no Request/Response or Headers
 * objects, no body stream per call: those were most of a worker's CPU that was not analysis
 * (bench/README.md, "Probe pipeline", session 4).
 *
 * The deadline covers the whole attempt (waiting for a connection, sending, the headers, the
 * body), as the cockatiel timeout it replaces did. undici's own `headersTimeout`/`bodyTimeout`
 * only bound the gaps between bytes, so a platform trickling an answer could hold an attempt for
 * ever under them; they stay at undici's defaults, as a backstop only.
 *
 * Redirects are not followed: an API endpoint that redirects is misconfigured, and the caller
 * sees the 3xx.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Pool, type Dispatcher } from 'undici';

/** An answer larger than this is not a chat completion; the exchange fails rather than buffer it. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** One pool of keep-alive connections per origin, shared by every adapter of the process. */
const pools = new Map<string, Pool>();

function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (pool === undefined) {
    // Idle sockets are unreferenced by undici, so pools never keep a process alive.
    pool = new Pool(origin, { keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, maxResponseSize: MAX_ANSWER_BYTES });
    pools.set(origin, pool);
  }
  return pool;
}

/** Closes every pool (graceful shutdown); a later exchange opens a new one. */
export async function closeExchangePools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close()));
}

/** The attempt's deadline passed before the answer was read whole. */
export class AttemptTimeoutError extends Error {
  override name = 'AttemptTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

/** The exchange failed below HTTP: refused, reset, DNS, TLS, a socket closed mid-answer. */
export class ConnectionError extends Error {
  override name = 'ConnectionError';
  constructor(override readonly cause: Error) {
    super(`connection failed: ${cause.message}`);
  }
}

export interface HttpAnswer {
  status: number;
  /** Response headers by lower-case name (undici's parse). */
  headers: IncomingHttpHeaders;
  body: string;
}

/** A response header's value (the first, if repeated). */
export function headerOf(answer: HttpAnswer, name: string): string | undefined {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export interface ExchangeRequest {
  origin: string;
  method: 'GET' | 'POST';
  path: string;
  /** Flat name/value list, built once per adapter where possible. */
  headers: string[];
  body?: string;
  timeoutMs: number;
}

/** A running exchange: `done` settles once; `cancel` rejects it at once and drops the request. */
export interface Exchange {
  readonly done: Promise<HttpAnswer>;
  cancel(reason: Error): void;
}

/** The dispatch handler and the exchange in one object: no closures per call. */
class Pending implements Exchange, Dispatcher.DispatchHandler {
  readonly done: Promise<HttpAnswer>;
  private resolveDone!: (answer: HttpAnswer) => void;
  private rejectDone!: (error: Error) => void;
  private settled = false;
  private controller: Dispatcher.DispatchController | undefined;
  private cancelled: Error | undefined;
  private status = 0;
  private headers: IncomingHttpHeaders = {};
  private chunks: Buffer[] = [];
  private size = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number) {
    this.done = new Promise<HttpAnswer>((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
    this.timer = setTimeout(onDeadline, timeoutMs, this, timeoutMs);
  }

  cancel(reason: Error): void {
    if (this.settled) return;
    // Aggressive, as the policy it replaces: the caller is released now, the socket follows.
    this.fail(reason);
    this.cancelled = reason;
    this.controller?.abort(reason);
  }

  /** Called when the request is about to go out on a connection (not while it waits for one). */
  onRequestStart(controller: Dispatcher.DispatchController): void {
    if (this.cancelled !== undefined) controller.abort(this.cancelled);
    else this.controller = controller;
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    this.status = statusCode;
    this.headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    const chunks = this.chunks;
    const body = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, this.size).toString('utf8');
    this.resolveDone({ status: this.status, headers: this.headers, body });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.settled) return;
    this.fail(new ConnectionError(error));
  }

  private fail(error: Error): void {
    this.settled = true;
    clearTimeout(this.timer);
    this.rejectDone(error);
  }
}

function onDeadline(pending: Pending, timeoutMs: number): void {
  pending.cancel(new AttemptTimeoutError(timeoutMs));
}

/** Starts one exchange on the origin's keep-alive pool. */
export function exchange(request: ExchangeRequest): Exchange {
  const pending = new Pending(request.timeoutMs);
  poolFor(request.origin).dispatch(
    { path: request.path, method: request.method, headers: request.headers, body: request.body ?? null },
    pending,
  );
  return pending;
}
