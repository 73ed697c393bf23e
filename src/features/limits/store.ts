/**
 * Where rate-limit counters live. `hit` is check-all-then-charge in one atomic step: either
 * every window has room and all are charged, or none is charged (a request refused by the
 * hourly window does not eat into the burst or daily budget).
 */
import type { DependencyMonitor } from '../../lib/dependency-monitor.js';
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
  /** Redis only: whether it is reachable (health, status and the limits metric read it). */
  readonly dependency?: DependencyMonitor;
  hit(checks: readonly LimitCheck[], cost: number, now: number): Promise<HitResult>;
  /**
   * Gives back `cost` charged by a `hit` at `chargedAt` (a request that turned out to do nothing).
   * Only the slice that was charged is decremented, and never below zero; a slice that has
   * already left the window is left alone.
   */
  refund(checks: readonly LimitCheck[], cost: number, chargedAt: number): Promise<void>;
  close(): Promise<void>;
}
