/**
 * Counters in this process's memory: exact and atomic for one process (hit() is synchronous
 * inside), per process when several run (docs/auth.md: use REDIS_URL to share one budget).
 */
import { fits, sliceMs, type Buckets } from './sliding-window.js';
import type { HitResult, LimitCheck, LimitStore } from './store.js';

interface Counter {
  slices: Map<number, number>;
  expiresAt: number;
}

const SWEEP_EVERY_MS = 60_000;

export function createMemoryStore(): LimitStore {
  const counters = new Map<string, Counter>();
  let lastSweep = 0;

  function sweep(now: number) {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    for (const [key, counter] of counters) if (counter.expiresAt <= now) counters.delete(key);
  }

  /** The counter with slices that can no longer count dropped. */
  function counterFor(check: LimitCheck, now: number): Counter {
    let counter = counters.get(check.key);
    if (!counter) {
      counter = { slices: new Map(), expiresAt: 0 };
      counters.set(check.key, counter);
    }
    const oldest = Math.floor(now / sliceMs(check.spec)) - check.spec.slices;
    for (const index of counter.slices.keys()) if (index < oldest) counter.slices.delete(index);
    return counter;
  }

  return {
    kind: 'memory',
    async hit(checks, cost, now): Promise<HitResult> {
      sweep(now);
      const found = checks.map((check) => counterFor(check, now));
      const allowed = checks.every((check, i) => fits([...found[i]!.slices], check.spec, now, cost));
      if (allowed && cost > 0) {
        checks.forEach((check, i) => {
          const counter = found[i]!;
          const size = sliceMs(check.spec);
          const current = Math.floor(now / size);
          counter.slices.set(current, (counter.slices.get(current) ?? 0) + cost);
          counter.expiresAt = Math.max(counter.expiresAt, (current + check.spec.slices + 1) * size);
        });
      }
      const states: Buckets[] = found.map((counter) => [...counter.slices]);
      return { allowed, states };
    },
    async refund(checks, cost, chargedAt) {
      for (const check of checks) {
        const counter = counters.get(check.key);
        const index = Math.floor(chargedAt / sliceMs(check.spec));
        const count = counter?.slices.get(index);
        if (counter && count !== undefined) counter.slices.set(index, Math.max(0, count - cost));
      }
    },
    async close() {
      counters.clear();
    },
  };
}
