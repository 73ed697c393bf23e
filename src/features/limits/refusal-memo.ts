/**
 * Remembers, for a short while, that a caller is past a limit and until when, so a flood of
 * requests past it is refused without asking the counter store (and without the sliding-window
 * arithmetic) each time. Exact for the memory store: refused requests charge nothing, so until
 * the computed retry time nothing can make a request fit. With Redis, other processes can only
 * charge more (a later fit, which the store still enforces after the memo expires); only a
 * raised limit (tier change) can make a request fit earlier, and the memo lasts at most
 * REFUSAL_MEMO_MS.
 */
import type { LimitDecision } from './limits.service.js';

export const REFUSAL_MEMO_MS = 1_000;
const MAX_ENTRIES = 10_000;

interface Refusal {
  decision: LimitDecision;
  /** Epoch ms when the request would fit again. */
  retryAt: number;
  /** Epoch ms until which the memo is trusted. */
  until: number;
}

export function createRefusalMemo() {
  const refusals = new Map<string, Refusal>();
  return {
    /** The refusal still in force for these counters at `now`, with its wait recomputed. */
    get(key: string, now: number): LimitDecision | undefined {
      const hit = refusals.get(key);
      if (!hit) return undefined;
      if (now >= hit.until) {
        refusals.delete(key);
        return undefined;
      }
      return { allowed: false, report: hit.decision.report, retryAfterMs: hit.retryAt - now };
    },
    remember(key: string, decision: LimitDecision, now: number): void {
      if (refusals.size >= MAX_ENTRIES) refusals.clear();
      refusals.set(key, { decision, retryAt: now + decision.retryAfterMs, until: now + Math.min(decision.retryAfterMs, REFUSAL_MEMO_MS) });
    },
  };
}
