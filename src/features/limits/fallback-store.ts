/**
 * Redis with a safety net: while Redis is unreachable or too slow, every limit is enforced by
 * this process's own counters instead of switching off (burst limits and sign-in brute-force
 * protection hold per process; with N API processes a client gets up to N times a budget until
 * Redis is back). The dependency monitor decides when Redis is back, so requests do not each
 * pay a timeout during an outage: only the first one after Redis stalls does.
 */
import type { DependencyMonitor } from '../../lib/dependency-monitor.js';
import type { HitResult, LimitCheck, LimitStore } from './store.js';

export function createFallbackStore(primary: LimitStore, fallback: LimitStore, monitor: DependencyMonitor): LimitStore {
  return {
    kind: primary.kind,
    dependency: monitor,
    async hit(checks: readonly LimitCheck[], cost: number, now: number): Promise<HitResult> {
      if (!monitor.isUp()) return fallback.hit(checks, cost, now);
      try {
        return await primary.hit(checks, cost, now);
      } catch (error) {
        monitor.reportFailure(error);
        return fallback.hit(checks, cost, now);
      }
    },
    // Given back where it was most likely charged: the store in use now. A refund that lands on
    // the other store (Redis came or went between charge and refund) finds nothing to give back.
    async refund(checks: readonly LimitCheck[], cost: number, chargedAt: number): Promise<void> {
      if (!monitor.isUp()) return fallback.refund(checks, cost, chargedAt);
      try {
        await primary.refund(checks, cost, chargedAt);
      } catch (error) {
        monitor.reportFailure(error);
      }
    },
    async close() {
      monitor.stop();
      await primary.close();
      await fallback.close();
    },
  };
}
