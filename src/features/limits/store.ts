/**
 * Where rate-limit counters live. `hit` is check-all-then-charge in one atomic step: either
 * every window has room and all are charged, or none is charged (a request refused by the
 * hourly window does not eat into the burst or daily budget).
 */
import type { Buckets, WindowSpec } from './sliding-window.js';

export interface LimitCheck {
  /** Namespaced counter key, e.g. `v1:h:<accountId>`. */
  key: string;
  spec: WindowSpec;
}

export interface HitResult {
  allowed: boolean;
  /** Per check, the counter's slices after the step (charged only when allowed). */
  states: Buckets[];
}

export interface LimitStore {
  readonly kind: 'memory' | 'redis';
  hit(checks: readonly LimitCheck[], cost: number, now: number): Promise<HitResult>;
  close(): Promise<void>;
}
