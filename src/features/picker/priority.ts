/**
 * Picker priority: the predicted information gain of sampling a prompt next (docs/metrics.md,
 * "Picker"). Pure functions over per-day counts, so orderings are tested on constructed histories.
 *
 * Each prompt × platform has a Beta(1 + m, 1 + n − m) posterior of its mention rate, where old
 * answers weigh less (half-life 14 days: the rate drifts, so old evidence says less about today).
 * The gain of one more answer is the expected drop in posterior variance; the prompt's score is
 * the mean gain over the platforms it is asked on, divided by the gain of a never-sampled prompt,
 * so scores lie in (0, 1] and 1 means "we know nothing".
 */
import { rate, clearlyAbove, round4 } from '../metrics/wilson.js';

export const HALF_LIFE_DAYS = 14;
/** A prompt not sampled for this long is `stale`. */
export const STALE_DAYS = 14;
/** The recent-change test compares the last 7 days with the 83 before them (Wilson non-overlap). */
export const CHANGE_RECENT_DAYS = 7;
export const HISTORY_DAYS = 90;
/** About 5 % of the brand's prompts per pass: ceil(5 % × N), at least 3, at most `limit` and N. */
export const PICK_SHARE = 0.05;
export const MIN_PICK = 3;

export const REASONS = ['never_sampled', 'recent_change', 'stale', 'high_uncertainty'] as const;
export type PickReason = (typeof REASONS)[number];

export interface DayCount {
  /** Age of the day in whole days (0 = today). */
  age: number;
  answers: number;
  mentions: number;
}

export interface PromptHistory {
  /** The platforms this prompt is asked on, each with its daily counts (any order). */
  platforms: ReadonlyArray<{ platform: string; days: readonly DayCount[] }>;
  /** Days since the last answer; null when never answered. */
  lastSampledAgeDays: number | null;
}

export function pickCount(promptCount: number, limit: number): number {
  if (promptCount <= 0 || limit <= 0) return 0;
  return Math.min(limit, promptCount, Math.max(MIN_PICK, Math.ceil(PICK_SHARE * promptCount)));
}

const variance = (a: number, b: number) => (a * b) / ((a + b) ** 2 * (a + b + 1));

/** Expected reduction of the Beta(a, b) variance after observing one more answer. */
export function expectedGain(a: number, b: number): number {
  const p = a / (a + b);
  return variance(a, b) - (p * variance(a + 1, b) + (1 - p) * variance(a, b + 1));
}

const GAIN_UNKNOWN = expectedGain(1, 1);

/** Did the mention rate of the last 7 days move clearly away from the rate before them? */
export function recentlyChanged(history: PromptHistory): boolean {
  let rm = 0, rn = 0, om = 0, on = 0;
  for (const p of history.platforms) {
    for (const d of p.days) {
      if (d.age < CHANGE_RECENT_DAYS) { rm += d.mentions; rn += d.answers; } else { om += d.mentions; on += d.answers; }
    }
  }
  const recent = rate(rm, rn);
  const before = rate(om, on);
  return clearlyAbove(recent, before) || clearlyAbove(before, recent);
}

export function priorityOf(history: PromptHistory): { score: number; reason: PickReason } {
  const changed = recentlyChanged(history);
  const gains = history.platforms.map((p) => {
    let a = 1;
    let b = 1;
    for (const d of p.days) {
      // After a change the older rate no longer describes the prompt: only recent days count.
      if (changed && d.age >= CHANGE_RECENT_DAYS) continue;
      const w = 0.5 ** (d.age / HALF_LIFE_DAYS);
      a += w * d.mentions;
      b += w * (d.answers - d.mentions);
    }
    return expectedGain(a, b);
  });
  const score = gains.length > 0 ? round4(gains.reduce((s, g) => s + g, 0) / gains.length / GAIN_UNKNOWN) : 0;
  const reason: PickReason =
    history.lastSampledAgeDays === null
      ? 'never_sampled'
      : changed
        ? 'recent_change'
        : history.lastSampledAgeDays >= STALE_DAYS
          ? 'stale'
          : 'high_uncertainty';
  return { score, reason };
}
