/**
 * Per-platform standings after a monitoring pass (last 7 days, from the rollups), two legacy/v1
 * events (docs/metrics.md, "Events from monitoring"):
 *  - `citation.gap.alert` when a competitor overtakes the brand on a platform: its mention rate
 *    exceeds the brand's by ≥ 5 points over ≥ 10 answers; edge-triggered (it fires again only
 *    after the brand has caught up, i.e. the competitor is no longer above it);
 *  - `priority.changed` when the brand's mention rate on a platform moved by ≥ 10 points (absolute)
 *    since the value last reported (the first observation is stored silently).
 * `league()` and `overtakes()` are pure.
 */
import { round4 } from '../metrics/wilson.js';

export const STANDINGS_DAYS = 7;
/** `citation.gap.alert`: answers on the platform and the competitor's lead in mention rate. */
export const GAP = { minAnswers: 10, minLead: 0.05 } as const;
/** `priority.changed`: answers on the platform and the move in the brand's mention rate. */
export const PRIORITY = { minAnswers: 10, minMove: 0.1 } as const;

export interface PlatformStanding {
  platform: string;
  answers: number;
  brand: string;
  brandMentions: number;
  competitors: Array<{ name: string; mentions: number }>;
}

/** 1-based positions by mentions (ties share the better position); null for an entity never mentioned. */
export function league(s: PlatformStanding): Map<string, number | null> {
  const all = [{ name: s.brand, mentions: s.brandMentions }, ...s.competitors];
  const out = new Map<string, number | null>();
  for (const e of all) out.set(e.name, e.mentions > 0 ? 1 + all.filter((o) => o.mentions > e.mentions).length : null);
  return out;
}

export interface Overtake {
  competitor: string;
  brandRank: number | null;
  competitorRank: number;
  lead: number;
}

/** Competitors now ahead of the brand on this platform (the state; the caller edge-triggers). */
export function aheadOf(s: PlatformStanding): { ahead: Set<string>; caughtUp: Set<string>; overtakes: Overtake[] } {
  const ahead = new Set<string>();
  const caughtUp = new Set<string>();
  const overtakes: Overtake[] = [];
  if (s.answers < GAP.minAnswers) return { ahead, caughtUp, overtakes };
  const positions = league(s);
  for (const c of s.competitors) {
    const lead = (c.mentions - s.brandMentions) / s.answers;
    if (lead >= GAP.minLead) {
      ahead.add(c.name);
      overtakes.push({ competitor: c.name, brandRank: positions.get(s.brand) ?? null, competitorRank: positions.get(c.name) ?? 1, lead: round4(lead) });
    } else if (c.mentions <= s.brandMentions) {
      caughtUp.add(c.name);
    }
  }
  return { ahead, caughtUp, overtakes };
}

/** The move to report, or null when the rate has not moved 10 points since it was last reported. */
export function priorityMove(before: number | null, answers: number, mentions: number): { after: number; delta: number } | null {
  if (answers < PRIORITY.minAnswers) return null;
  const after = round4(mentions / answers);
  if (before === null) return null;
  const delta = round4(after - before);
  return Math.abs(delta) >= PRIORITY.minMove - 1e-9 ? { after, delta } : null;
}
