/**
 * Pure metrics over summed answer counts (the columns of `answer_daily_rollups`). Every dashboard
 * number is one of these functions applied to a sum of rollup rows, so a fixture history can be
 * checked by hand (docs/metrics.md lists the formulas; test/features/metrics/metrics.test.ts checks them).
 */
import { rate, round4, type Rate } from './wilson.js';

export interface AnswerCounts {
  /** Successful answers (failed platform calls are not answers). */
  answers: number;
  /** Answers that mention the brand. */
  mentions: number;
  /** Mentions judged positive / negative toward the brand. */
  positives: number;
  negatives: number;
  /** Sum and number of ranks of mentions that had a rank (a ranked list naming the brand). */
  rankSum: number;
  rankCount: number;
  /** Sum of sentiment scores (−1…1) of mentions. */
  sentimentSum: number;
}

export const ZERO_COUNTS: Readonly<AnswerCounts> = Object.freeze({
  answers: 0,
  mentions: 0,
  positives: 0,
  negatives: 0,
  rankSum: 0,
  rankCount: 0,
  sentimentSum: 0,
});

/** Field-wise a + b over `keys` (only those: other fields of a and b are not carried). */
export function addFields<K extends string>(keys: readonly K[], a: Readonly<Record<K, number>>, b: Readonly<Record<K, number>>): Record<K, number> {
  const sum = {} as Record<K, number>;
  for (const key of keys) sum[key] = a[key] + b[key];
  return sum;
}

const COUNT_KEYS = Object.keys(ZERO_COUNTS) as Array<keyof AnswerCounts>;

export const addCounts = (a: AnswerCounts, b: AnswerCounts): AnswerCounts => addFields(COUNT_KEYS, a, b);

export const sumCounts = (rows: readonly AnswerCounts[]): AnswerCounts => rows.reduce(addCounts, { ...ZERO_COUNTS });

/** Visibility (mention rate) = mentions / answers. */
export const visibility = (c: AnswerCounts): Rate => rate(c.mentions, c.answers);
/** Positive share = positive mentions / mentions. */
export const positiveShare = (c: AnswerCounts): Rate => rate(c.positives, c.mentions);
/** Negative share = negative mentions / mentions. */
export const negativeShare = (c: AnswerCounts): Rate => rate(c.negatives, c.mentions);

/** Mean rank over mentions that had one; null when none did. Smaller is better (1 = first). */
export function averageRank(c: AnswerCounts): { value: number | null; n: number } {
  return { value: c.rankCount > 0 ? round4(c.rankSum / c.rankCount) : null, n: c.rankCount };
}

/** Mean sentiment score (−1…1) over mentions; null without a mention. */
export function averageSentiment(c: AnswerCounts): { value: number | null; n: number } {
  return { value: c.mentions > 0 ? round4(c.sentimentSum / c.mentions) : null, n: c.mentions };
}

/**
 * Rank quality 0…1: 1 for rank 1, falling linearly to 0.1 at rank 10 and 0 beyond, averaged over
 * mentions (an unranked mention counts 0.5: present in prose, not in a list). Used by authority.
 */
export function rankQuality(c: AnswerCounts): number {
  if (c.mentions === 0) return 0;
  const avg = c.rankCount > 0 ? c.rankSum / c.rankCount : 0;
  const ranked = c.rankCount > 0 ? Math.max(0, (11 - avg) / 10) : 0;
  const unranked = c.mentions - c.rankCount;
  return round4((ranked * c.rankCount + 0.5 * unranked) / c.mentions);
}

/** The flat columns every dashboard row uses for a rate (also the CSV header names). */
export type RateColumns<P extends string> = { [K in P]: number | null } & { [K in `${P}CiLow` | `${P}CiHigh`]: number };

export function rateColumns<P extends string>(prefix: P, r: Rate): RateColumns<P> {
  return { [prefix]: r.rate, [`${prefix}CiLow`]: r.ciLow, [`${prefix}CiHigh`]: r.ciHigh } as RateColumns<P>;
}

/** Read a SQL row of summed counts (bigint sums come back as strings from node-postgres). */
export function countsOf(row: Record<string, unknown>): AnswerCounts {
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    answers: n('answers'),
    mentions: n('mentions'),
    positives: n('positives'),
    negatives: n('negatives'),
    rankSum: n('rank_sum'),
    rankCount: n('rank_count'),
    sentimentSum: n('sentiment_sum'),
  };
}
