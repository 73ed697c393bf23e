/** One source for every figure: docs/metrics.md quotes each definition's formula, in both languages the help exists. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { METRIC_DEFINITIONS } from '../../../src/features/metrics/definitions.js';
import { compare, netSentimentEstimate, positionEstimate, shareOfVoiceEstimate, visibilityEstimate } from '../../../src/features/metrics/headline.js';
import { ZERO_COUNTS } from '../../../src/features/metrics/counts.js';
import { fromRoot } from '../../../src/lib/paths.js';

describe('metric definitions', () => {
  const doc = readFileSync(fromRoot('docs', 'metrics.md'), 'utf8');
  it.each(METRIC_DEFINITIONS.map((d) => [d.id, d] as const))('%s is documented with its formula and translated', (_id, d) => {
    expect(doc).toContain(d.formula);
    expect(d.help.en.length).toBeGreaterThan(20);
    expect(d.help['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('headline figures on hand-computed counts', () => {
  const c = { ...ZERO_COUNTS, answers: 100, mentions: 40, positives: 20, negatives: 5, rankSum: 60, rankCount: 30, sentimentSum: 0 };
  it('visibility and share of voice are Wilson rates with their n', () => {
    expect(visibilityEstimate(c)).toEqual({ value: 0.4, ciLow: 0.3094, ciHigh: 0.4980, n: 100 });
    expect(shareOfVoiceEstimate(40, 60)).toMatchObject({ value: 0.4, n: 100 });
  });
  it('average position uses a t interval from Σ rank², none below two ranks', () => {
    // 30 ranks: 15 × 1 and 15 × 3 → mean 2, s = √(30/29) ≈ 1.0171, t(29) = 2.045.
    const p = positionEstimate({ ...c, rankSqSum: 15 * 1 + 15 * 9 });
    expect(p.value).toBe(2);
    expect(p.ciLow).toBeCloseTo(2 - (2.045 * Math.sqrt(30 / 29)) / Math.sqrt(30), 3);
    expect(positionEstimate({ ...c, rankSum: 3, rankCount: 1, rankSqSum: 9 })).toEqual({ value: 3, ciLow: null, ciHigh: null, n: 1 });
  });
  it('net sentiment = (pos − neg) / mentions with a normal interval', () => {
    const s = netSentimentEstimate(c);
    expect(s.value).toBe(0.375);
    const half = 1.959964 * Math.sqrt((0.5 + 0.125 - 0.375 ** 2) / 40);
    expect(s.ciLow).toBeCloseTo(0.375 - half, 3);
  });
  it('flags a change only when the intervals do not overlap', () => {
    const a = visibilityEstimate({ ...c, mentions: 40 });
    const b = visibilityEstimate({ ...c, mentions: 45 });
    expect(compare(b, a)).toMatchObject({ change: 0.05, significant: false, direction: 'flat' });
    const big = visibilityEstimate({ ...c, answers: 400, mentions: 320 });
    expect(compare(big, a)).toMatchObject({ change: 0.4, significant: true, direction: 'up' });
    expect(compare(a, visibilityEstimate(ZERO_COUNTS))).toMatchObject({ change: null, significant: false, direction: null });
  });
});
