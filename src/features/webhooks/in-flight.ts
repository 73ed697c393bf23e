/**
 * Per-receiver bulkhead inside one worker process. The worker runs a fixed number of jobs at once;
 * without this, a receiver that takes 10 s per request would, under a steady stream of events
 * (or one burst), end up holding every slot and stall deliveries to everyone else.
 *
 * A webhook may hold at most `maxSlow` slots when it is slow or unknown — its last delivery took
 * longer than `slowAfterMs`, none has finished yet, or one in flight has been running longer than
 * that — and `maxFast` slots when it is answering quickly. The caller puts a refused delivery off
 * (a delayed job, not an attempt), so a worker slot is never spent waiting for a slow receiver.
 *
 * Putting off costs a job round trip, about as much as a delivery, so `deferMs` aims at the time
 * the delivery can really go: one delivery's expected duration times the number of "waves" of
 * deliveries waiting for this webhook (estimated from the deferrals of the last minute). A 10 s
 * receiver with a hundred deliveries queued then costs a few re-queues each, not one per second.
 */
interface State {
  running: Set<{ started: number }>;
  /** Duration of the last finished delivery; null until one finishes. */
  lastMs: number | null;
  /** Times deliveries were put off (last minute): how many are waiting, roughly. */
  parked: number[];
}

export interface InFlightOptions {
  maxSlow: number;
  maxFast: number;
  slowAfterMs: number;
  clock?: () => number;
}

/** Never put a delivery off longer than this in one go. */
const MAX_DEFER_MS = 10 * 60_000;
/** Forget receivers idle this long (bounded memory across many webhooks). */
const FORGET_AFTER_MS = 10 * 60_000;

export class InFlightLimiter {
  private readonly states = new Map<string, State & { touched: number }>();
  private readonly clock: () => number;

  constructor(private readonly options: InFlightOptions) {
    this.clock = options.clock ?? (() => performance.now());
  }

  private isSlow(state: State, now: number): boolean {
    if (state.lastMs === null || state.lastMs > this.options.slowAfterMs) return true;
    for (const entry of state.running) if (now - entry.started > this.options.slowAfterMs) return true;
    return false;
  }

  /** A release function, or null when the webhook holds all the slots it may. */
  tryEnter(key: string): (() => void) | null {
    const now = this.clock();
    let state = this.states.get(key);
    if (!state) {
      if (this.states.size > 10_000) this.sweep(now);
      state = { running: new Set(), lastMs: null, parked: [], touched: now };
      this.states.set(key, state);
    }
    const cap = this.isSlow(state, now) ? this.options.maxSlow : this.options.maxFast;
    if (state.running.size >= cap) return null;
    const entry = { started: now };
    state.running.add(entry);
    state.touched = now;
    const owner = state;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      owner.running.delete(entry);
      owner.lastMs = this.clock() - entry.started;
      owner.touched = this.clock();
    };
  }

  /** After a refused tryEnter: how long to put this delivery off (ms, before jitter). */
  deferMs(key: string): number {
    const now = this.clock();
    const state = this.states.get(key);
    if (!state) return this.options.slowAfterMs;
    let oldestAge = 0;
    for (const entry of state.running) oldestAge = Math.max(oldestAge, now - entry.started);
    // How long one delivery holds a slot: the last one's duration, or at least what the oldest has taken so far.
    const expected = Math.min(60_000, Math.max(this.options.slowAfterMs, state.lastMs ?? 0, oldestAge));
    state.parked = state.parked.filter((t) => now - t < 60_000);
    state.parked.push(now);
    const waves = Math.ceil(state.parked.length / this.options.maxSlow);
    return Math.min(MAX_DEFER_MS, expected * waves);
  }

  inFlight(key: string): number {
    return this.states.get(key)?.running.size ?? 0;
  }

  private sweep(now: number): void {
    for (const [key, state] of this.states) {
      if (state.running.size === 0 && now - state.touched > FORGET_AFTER_MS) this.states.delete(key);
    }
  }
}
