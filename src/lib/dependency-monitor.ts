/**
 * Is PostgreSQL (or Redis) reachable right now, as seen by this process? One monitor per
 * dependency holds the answer, so health, the error handler, the worker and the rate limiter
 * agree, and the log gets one line per change of state (with how many calls failed meanwhile)
 * instead of one line per failed query.
 *
 * A failure reported by a caller does not flip the state by itself (one slow query is not an
 * outage): it triggers a ping, and the ping decides. While down, the monitor re-pings every
 * `downIntervalMs`; while up, every `upIntervalMs` once started (API and worker processes start
 * it, so an outage shows in health within seconds even without traffic).
 */
import type { Logger } from 'pino';
import { classifyDependencyError, type Dependency } from './dependency-errors.js';
import { withTimeout } from './time.js';

export interface DependencySnapshot {
  dependency: Dependency;
  up: boolean;
  /** Epoch ms of the last change of state (start-up counts as one). */
  since: number;
  /** Calls reported failed since the dependency went down (0 while up). */
  failures: number;
  /** Round trip of the last successful ping, ms. */
  latencyMs: number;
}

export interface DependencyMonitor {
  readonly dependency: Dependency;
  isUp(): boolean;
  /** Milliseconds since the dependency last came back (Infinity when it never went down). */
  upForMs(): number;
  /** A caller saw this error; counted, and a ping decides whether the dependency is down. */
  reportFailure(error: unknown): void;
  /** Ping now (single flight); resolves with the state after it. */
  check(): Promise<boolean>;
  snapshot(): DependencySnapshot;
  onChange(listener: (up: boolean) => void): () => void;
  /** Keep pinging while up too (long-running processes). */
  start(): void;
  stop(): void;
}

export interface DependencyMonitorOptions {
  dependency: Dependency;
  /** One round trip; resolves with its latency in ms or throws. */
  ping: () => Promise<number>;
  log: Logger;
  pingTimeoutMs?: number;
  upIntervalMs?: number;
  downIntervalMs?: number;
  now?: () => number;
}

const LABEL: Record<Dependency, { down: string; up: string }> = {
  database: { down: 'database unreachable', up: 'database reachable again' },
  redis: { down: 'Redis unreachable: rate limits degraded to per-process counters', up: 'Redis restored: rate limits shared again' },
};

export function createDependencyMonitor(options: DependencyMonitorOptions): DependencyMonitor {
  const { dependency, log } = options;
  const now = options.now ?? Date.now;
  const pingTimeoutMs = options.pingTimeoutMs ?? 2_000;
  const upIntervalMs = options.upIntervalMs ?? 2_000;
  const downIntervalMs = options.downIntervalMs ?? 1_000;
  let up = true;
  let since = now();
  let everDown = false;
  let failures = 0;
  let latencyMs = 0;
  let lastError = '';
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<boolean> | undefined;
  const listeners = new Set<(up: boolean) => void>();

  function transition(next: boolean, error?: unknown) {
    if (next === up) return;
    const at = now();
    const lasted = at - since;
    up = next;
    since = at;
    if (!next) {
      everDown = true;
      const failure = classifyDependencyError(error, dependency);
      lastError = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error);
      log.error({ dependency, reason: failure?.reason ?? 'unreachable', error: lastError, failedCalls: failures }, LABEL[dependency].down);
    } else {
      log.warn({ dependency, downForMs: lasted, failedCalls: failures }, LABEL[dependency].up);
      failures = 0;
    }
    for (const listener of listeners) listener(next);
    schedule();
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (stopped || (up && !started)) return;
    timer = setTimeout(() => void check(), up ? upIntervalMs : downIntervalMs);
    timer.unref();
  }

  function check(): Promise<boolean> {
    inFlight ??= withTimeout(options.ping(), pingTimeoutMs, `${dependency} ping`)
      .then(
        (ms) => {
          latencyMs = ms;
          transition(true);
          return true;
        },
        (error: unknown) => {
          if (up) failures += 1;
          transition(false, error);
          return false;
        },
      )
      .finally(() => {
        inFlight = undefined;
        schedule();
      });
    return inFlight;
  }

  return {
    dependency,
    isUp: () => up,
    upForMs: () => (everDown ? (up ? now() - since : 0) : Infinity),
    reportFailure() {
      failures += 1;
      if (up) void check();
    },
    check,
    snapshot: () => ({ dependency, up, since, failures, latencyMs }),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      started = true;
      stopped = false;
      schedule();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
