/**
 * The headline figures of a brand (docs/metrics.md, "Headline figures"): visibility on unbranded
 * prompts, share of voice against the configured competitors, average position with its
 * distribution, and net sentiment. Each carries its sample size, a 95 % interval and the change
 * against the previous window of the same length, flagged as real only when the two windows'
 * intervals do not overlap. Pure functions over summed rollup counts.
 */
import type { AnswerCounts } from './counts.js';
import { rate, round4, Z95 } from './wilson.js';

/** Ranked mentions by position (the rollups' distribution columns) and Σ rank² for the interval. */
export interface PositionCounts {
  rankSqSum: number;
  rank1: number;
  rank2: number;
  rank3: number;
  rank4to5: number;
  rank6plus: number;
}

export type HeadlineCounts = AnswerCounts & PositionCounts;

export const ZERO_POSITIONS: Readonly<PositionCounts> = Object.freeze({ rankSqSum: 0, rank1: 0, rank2: 0, rank3: 0, rank4to5: 0, rank6plus: 0 });

/** A figure of one window: value (null without a sample), 95 % interval, sample size. */
export interface Estimate {
  value: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  n: number;
}

export interface Figure extends Estimate {
  previous: Estimate;
  /** value − previous value; null when either window has no sample. */
  change: number | null;
  /** True only when the two windows' intervals do not overlap (the change is not noise). */
  significant: boolean;
  direction: 'up' | 'down' | 'flat' | null;
}

const fromRate = (successes: number, n: number): Estimate => {
  const r = rate(successes, n);
  return { value: r.rate, ciLow: n > 0 ? r.ciLow : null, ciHigh: n > 0 ? r.ciHigh : null, n };
};

/** Visibility = answers mentioning the brand / answers (Wilson interval). */
export const visibilityEstimate = (c: AnswerCounts): Estimate => fromRate(c.mentions, c.answers);

/** Share of voice = brand mentions / (brand + configured competitors' mentions) (Wilson interval). */
export const shareOfVoiceEstimate = (brandMentions: number, competitorMentions: number): Estimate =>
  fromRate(brandMentions, brandMentions + competitorMentions);

/**
 * Average position over mentions that had one (1 = first). Interval: mean ± t·s/√n with s from
 * Σ rank² (a normal-theory interval: positions are small integers, not a proportion). Needs n ≥ 2.
 */
export function positionEstimate(c: AnswerCounts & Pick<PositionCounts, 'rankSqSum'>): Estimate {
  const n = c.rankCount;
  if (n === 0) return { value: null, ciLow: null, ciHigh: null, n };
  const mean = c.rankSum / n;
  if (n < 2) return { value: round4(mean), ciLow: null, ciHigh: null, n };
  const variance = Math.max(0, (c.rankSqSum - n * mean * mean) / (n - 1));
  const half = tCritical(n - 1) * Math.sqrt(variance / n);
  return { value: round4(mean), ciLow: round4(Math.max(1, mean - half)), ciHigh: round4(mean + half), n };
}

/**
 * Net sentiment = (positive − negative mentions) / mentions, in −1…1. Interval: normal
 * approximation of a difference of two multinomial shares, Var = (p₊ + p₋ − d²) / n, clamped to
 * [−1, 1]; with fewer than 2 mentions no interval is given.
 */
export function netSentimentEstimate(c: AnswerCounts): Estimate {
  const n = c.mentions;
  if (n === 0) return { value: null, ciLow: null, ciHigh: null, n };
  const pPos = c.positives / n;
  const pNeg = c.negatives / n;
  const d = pPos - pNeg;
  if (n < 2) return { value: round4(d), ciLow: null, ciHigh: null, n };
  const half = Z95 * Math.sqrt(Math.max(0, pPos + pNeg - d * d) / n);
  return { value: round4(d), ciLow: round4(Math.max(-1, d - half)), ciHigh: round4(Math.min(1, d + half)), n };
}

/** The distribution of positions among ranked mentions, plus mentions that had no position. */
export function positionDistribution(c: AnswerCounts & PositionCounts) {
  const buckets = [
    { bucket: '1', count: c.rank1 },
    { bucket: '2', count: c.rank2 },
    { bucket: '3', count: c.rank3 },
    { bucket: '4-5', count: c.rank4to5 },
    { bucket: '6+', count: c.rank6plus },
    { bucket: 'unranked', count: Math.max(0, c.mentions - c.rankCount) },
  ];
  return buckets.map((b) => ({ ...b, share: c.mentions > 0 ? round4(b.count / c.mentions) : null }));
}

/** Compares two windows' estimates: the change, and whether it is larger than the noise. */
export function compare(current: Estimate, previous: Estimate): Figure {
  const both = current.value !== null && previous.value !== null;
  const change = both ? round4(current.value! - previous.value!) : null;
  const separated =
    current.ciLow !== null && current.ciHigh !== null && previous.ciLow !== null && previous.ciHigh !== null &&
    (current.ciLow > previous.ciHigh || current.ciHigh < previous.ciLow);
  const direction = change === null ? null : !separated ? 'flat' : change > 0 ? 'up' : 'down';
  return { ...current, previous, change, significant: separated, direction };
}

/** Two-sided 95 % critical value of Student's t (normal beyond 30 degrees of freedom). */
function tCritical(df: number): number {
  const TABLE = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];
  return df >= 1 && df <= 30 ? TABLE[df - 1]! : Z95;
}
