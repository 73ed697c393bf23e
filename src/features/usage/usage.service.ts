/**
 * The usage ledger: one row per charged operation (a full scan, the platform tokens behind a
 * run, …) with its cost in USD as an exact decimal. A charge with a reference is recorded once
 * (a retried job cannot bill twice). The summary covers the calendar month in UTC.
 */
import type { Db, Executor } from '../../db/client.js';
import * as repo from './usage.repo.js';

/** Spec: a full query (scan) costs 0.005 USD. */
export const SCAN_COST_USD = '0.005000';

export interface UsageSummary {
  periodStart: string;
  periodEnd: string;
  totalCostUsd: number;
  items: Array<{ kind: string; quantity: number; costUsd: number }>;
}

function toDecimal(cost: number | string): string {
  const value = typeof cost === 'number' ? cost : Number(cost);
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`costUsd must be a non-negative number, got ${String(cost)}`);
  if (typeof cost === 'string' && /^\d+(\.\d{1,6})?$/.test(cost)) return cost; // exact as given
  return value.toFixed(6);
}

/** [start, end) of the UTC calendar month containing `at`. */
export function monthOf(at: number): { start: Date; end: Date } {
  const d = new Date(at);
  return {
    start: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)),
    end: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)),
  };
}

export function createUsageService(deps: { db: Db; now: () => number }) {
  const { db, now } = deps;
  return {
    /**
     * Records a charge; returns false when the same (account, kind, reference) was recorded
     * before. Pass `tx` to record inside the caller's transaction.
     */
    async record(
      accountId: string,
      kind: string,
      quantity: number,
      costUsd: number | string,
      reference: string | null = null,
      tx?: Executor,
    ): Promise<boolean> {
      if (!Number.isInteger(quantity) || quantity < 0) throw new RangeError(`quantity must be a non-negative integer, got ${quantity}`);
      return repo.insertEntry(tx ?? db, {
        accountId,
        kind,
        quantity,
        costUsd: toDecimal(costUsd),
        reference,
        createdAt: new Date(now()),
      });
    },

    async summary(accountId: string, at: number = now()): Promise<UsageSummary> {
      const { start, end } = monthOf(at);
      const totals = await repo.totalsByKind(db, accountId, start, end);
      const items = totals.map((t) => ({ kind: t.kind, quantity: Number(t.quantity), costUsd: Number(t.costUsd) }));
      // Sum the exact decimals in micro-dollars so the total never shows float noise.
      const micros = totals.reduce((sum, t) => sum + Math.round(Number(t.costUsd) * 1e6), 0);
      return { periodStart: start.toISOString(), periodEnd: end.toISOString(), totalCostUsd: micros / 1e6, items };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
