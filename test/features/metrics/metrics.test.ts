/** Every metric on hand-computed fixtures (docs/metrics.md), including the empty and single-sample cases. */
import { describe, expect, it } from 'vitest';
import { authorityOf } from '../../../src/features/authority/formula.js';
import { averageRank, averageSentiment, negativeShare, positiveShare, rankQuality, sumCounts, visibility, ZERO_COUNTS, type AnswerCounts } from '../../../src/features/metrics/counts.js';
import { dayWindow, daysOf } from '../../../src/features/metrics/window.js';
import { clearlyAbove, rate, wilson } from '../../../src/features/metrics/wilson.js';

const day1: AnswerCounts = { answers: 4, mentions: 2, positives: 1, negatives: 1, rankSum: 5, rankCount: 2, sentimentSum: 0.1 };
const day2: AnswerCounts = { answers: 6, mentions: 3, positives: 2, negatives: 0, rankSum: 1, rankCount: 1, sentimentSum: 0.9 };
const single: AnswerCounts = { answers: 1, mentions: 1, positives: 1, negatives: 0, rankSum: 1, rankCount: 1, sentimentSum: 0.8 };

describe('Wilson interval', () => {
  it('matches hand-computed values', () => {
    expect(wilson(3, 10)).toEqual([0.1078, 0.6032]);
    expect(wilson(5, 10)).toEqual([0.2366, 0.7634]);
    expect(wilson(0, 10)).toEqual([0, 0.2775]);
  });
  it('is [0, 1] with no sample and exact at the ends for one sample', () => {
    expect(rate(0, 0)).toEqual({ rate: null, ciLow: 0, ciHigh: 1, n: 0, successes: 0 });
    expect(rate(1, 1)).toEqual({ rate: 1, ciLow: 0.2065, ciHigh: 1, n: 1, successes: 1 });
    expect(rate(0, 1)).toEqual({ rate: 0, ciLow: 0, ciHigh: 0.7935, n: 1, successes: 0 });
  });
  it('calls a difference clear only when the intervals do not overlap', () => {
    expect(clearlyAbove(rate(9, 10), rate(1, 10))).toBe(true);
    expect(clearlyAbove(rate(6, 10), rate(4, 10))).toBe(false);
    expect(clearlyAbove(rate(1, 1), rate(0, 0))).toBe(false);
  });
});

describe('counts metrics on a two-day fixture', () => {
  const total = sumCounts([day1, day2]);
  it('sums the rollup columns', () => {
    expect(total).toEqual({ answers: 10, mentions: 5, positives: 3, negatives: 1, rankSum: 6, rankCount: 3, sentimentSum: 1 });
  });
  it('computes each rate with its sample and interval', () => {
    expect(visibility(total)).toEqual({ rate: 0.5, ciLow: 0.2366, ciHigh: 0.7634, n: 10, successes: 5 });
    expect(positiveShare(total)).toMatchObject({ rate: 0.6, n: 5 });
    expect(negativeShare(total)).toMatchObject({ rate: 0.2, n: 5 });
    expect(averageRank(total)).toEqual({ value: 2, n: 3 });
    expect(averageSentiment(total)).toEqual({ value: 0.2, n: 5 });
    // mean rank 2 → 0.9 for the 3 ranked mentions, 0.5 for the 2 unranked: (2.7 + 1) / 5
    expect(rankQuality(total)).toBe(0.74);
  });
  it('handles the empty history', () => {
    expect(visibility(ZERO_COUNTS)).toEqual({ rate: null, ciLow: 0, ciHigh: 1, n: 0, successes: 0 });
    expect(averageRank(ZERO_COUNTS)).toEqual({ value: null, n: 0 });
    expect(averageSentiment(ZERO_COUNTS)).toEqual({ value: null, n: 0 });
    expect(rankQuality(ZERO_COUNTS)).toBe(0);
  });
  it('handles a single sample', () => {
    expect(visibility(single)).toMatchObject({ rate: 1, ciLow: 0.2065, ciHigh: 1, n: 1 });
    expect(averageRank(single)).toEqual({ value: 1, n: 1 });
    expect(rankQuality(single)).toBe(1);
  });
});

describe('authority formula', () => {
  it('scores the fixture by hand', () => {
    const result = authorityOf({
      counts: sumCounts([day1, day2]),
      decisionCounts: { ...ZERO_COUNTS, answers: 4, mentions: 1 },
      ownCitedAnswers: 1,
      authoritativeMentions: 2,
    });
    expect(result).toEqual({
      geoScore: 46, // 100 × (0.5 × 0.5 + 0.25 × 0.74 + 0.25 × 0.1)
      eeatScore: 52.3, // (25 + 74 + 40 + 70) / 4
      citationDensity: 0.1,
      subscores: { experience: 25, expertise: 74, authoritativeness: 40, trustworthiness: 70 },
      sampleSize: 10,
    });
  });
  it('is all zero without answers and sane for one answer', () => {
    expect(authorityOf({ counts: ZERO_COUNTS, decisionCounts: ZERO_COUNTS, ownCitedAnswers: 0, authoritativeMentions: 0 })).toEqual({
      geoScore: 0, eeatScore: 0, citationDensity: 0, subscores: { experience: 0, expertise: 0, authoritativeness: 0, trustworthiness: 0 }, sampleSize: 0,
    });
    const one = authorityOf({ counts: single, decisionCounts: single, ownCitedAnswers: 1, authoritativeMentions: 1 });
    expect(one).toMatchObject({ geoScore: 100, eeatScore: 100, citationDensity: 1, sampleSize: 1 });
  });
});

describe('day windows', () => {
  it('counts today as day 1 and lists every day', () => {
    const w = dayWindow(3, Date.parse('2025-03-10T15:00:00Z'));
    expect(w).toMatchObject({ from: '2025-03-08', to: '2025-03-10', days: 3 });
    expect(daysOf(w)).toEqual(['2025-03-08', '2025-03-09', '2025-03-10']);
  });
});
