/** Picker ordering and the ~5 % rule; sentinel detectors and lookalike domains; standings (pure). */
import { describe, expect, it } from 'vitest';
import { ZERO_COUNTS, type AnswerCounts } from '../../src/features/metrics/counts.js';
import { aheadOf, league, priorityMove } from '../../src/features/monitoring/standings.js';
import { pickCount, priorityOf, type DayCount, type PromptHistory } from '../../src/features/picker/priority.js';
import { detectNegativeSpike, detectRankCollapse } from '../../src/features/sentinel/detectors.js';
import { brandIdentity, editDistance, lookalikeOf, skeleton } from '../../src/features/sentinel/lookalike.js';

const days = (ages: number[], answers: number, mentions: number): DayCount[] => ages.map((age) => ({ age, answers, mentions }));
const history = (d: DayCount[], last: number | null): PromptHistory => ({ platforms: [{ platform: 'deepseek', days: d }], lastSampledAgeDays: last });

describe('picker', () => {
  const histories = {
    neverSampled: history([], null),
    uncertain: history(days([1], 2, 1), 1),
    stale: history(days([40, 41, 42], 10, 5), 40),
    changed: history([...days([20, 30, 40, 50, 60], 10, 9), ...days([1, 2], 10, 1)], 1),
    wellKnown: history(days([0, 1, 2, 3, 4, 5], 10, 5), 0),
  };
  const scored = Object.entries(histories).map(([name, h]) => ({ name, ...priorityOf(h) }));
  const order = [...scored].sort((a, b) => b.score - a.score).map((s) => s.name);

  it('ranks never-sampled first, then uncertain, then stale, the well-known prompt last', () => {
    expect(order[0]).toBe('neverSampled');
    expect(order.indexOf('uncertain')).toBeLessThan(order.indexOf('stale'));
    expect(order.at(-1)).toBe('wellKnown');
    expect(scored.find((s) => s.name === 'neverSampled')!.score).toBe(1);
  });

  it('gives the documented reasons', () => {
    const reason = Object.fromEntries(scored.map((s) => [s.name, s.reason]));
    expect(reason).toEqual({ neverSampled: 'never_sampled', uncertain: 'high_uncertainty', stale: 'stale', changed: 'recent_change', wellKnown: 'high_uncertainty' });
  });

  it('after a recent change, old evidence no longer makes the prompt look well known', () => {
    const withoutChange = priorityOf(history([...days([20, 30, 40, 50, 60], 10, 9), ...days([1, 2], 10, 9)], 1));
    expect(scored.find((s) => s.name === 'changed')!.score).toBeGreaterThan(withoutChange.score);
  });

  it('picks ceil(5 %) of the prompts, at least 3, at most the limit and the total', () => {
    expect(pickCount(0, 50)).toBe(0);
    expect(pickCount(2, 50)).toBe(2);
    expect(pickCount(40, 50)).toBe(3);
    expect(pickCount(100, 50)).toBe(5);
    expect(pickCount(101, 50)).toBe(6);
    expect(pickCount(2000, 50)).toBe(50);
    expect(pickCount(200, 4)).toBe(4);
  });
});

const counts = (answers: number, mentions: number, negatives = 0, rank?: [number, number]): AnswerCounts => ({
  ...ZERO_COUNTS,
  answers,
  mentions,
  negatives,
  rankSum: rank?.[0] ?? 0,
  rankCount: rank?.[1] ?? 0,
});

describe('sentinel detectors', () => {
  it('finds a negative spike against the baseline and ignores stable or thin data', () => {
    const spike = detectNegativeSpike(counts(12, 10, 7), counts(200, 100, 5));
    expect(spike).toMatchObject({ type: 'negative_spike', fingerprint: 'negative_spike', severity: 'critical' });
    expect(detectNegativeSpike(counts(12, 10, 1), counts(200, 100, 5))).toBeNull();
    expect(detectNegativeSpike(counts(4, 4, 4), counts(200, 100, 5))).toBeNull(); // too few recent mentions
    expect(detectNegativeSpike(counts(12, 10, 7), counts(0, 0))).toBeNull(); // no baseline
  });

  it('finds a mention-rate collapse or a mean-rank fall on one platform', () => {
    expect(detectRankCollapse('kimi', counts(12, 0), counts(180, 108))).toMatchObject({ fingerprint: 'rank_collapse:kimi', severity: 'critical' });
    expect(detectRankCollapse('kimi', counts(12, 6), counts(180, 108))).toBeNull();
    const ranks = detectRankCollapse('qwen', counts(20, 10, 0, [60, 10]), counts(100, 50, 0, [100, 50]));
    expect(ranks).toMatchObject({ detail: { measure: 'average_rank', shift: 4 } });
  });
});

describe('lookalike domains', () => {
  const acme = brandIdentity({ name: 'Acme', aliases: ['ACME Corp'], website: 'https://www.acme.com' });
  it('knows the brand identity', () => expect(acme).toEqual({ ownDomain: 'acme.com', labels: ['acme', 'acmecorp'] }));
  it('classifies imitations', () => {
    expect(lookalikeOf('acrne.com', acme)).toMatchObject({ kind: 'homoglyph', imitates: 'acme' });
    expect(lookalikeOf('xn--cme-8cd.com', acme)?.kind).toBeUndefined(); // "cmeа": not the brand read aloud
    expect(lookalikeOf('аcme.com', acme)).toMatchObject({ kind: 'homoglyph' }); // Cyrillic а
    expect(lookalikeOf('acme-official.com', acme)).toMatchObject({ kind: 'combosquat' });
    expect(lookalikeOf('acmesupport.net', acme)).toMatchObject({ kind: 'combosquat' });
    expect(lookalikeOf('acmme.com', acme)).toMatchObject({ kind: 'typosquat' });
    expect(lookalikeOf('amce.com', acme)).toMatchObject({ kind: 'typosquat' }); // swapped letters
    expect(lookalikeOf('acme.co', acme)).toMatchObject({ kind: 'tld_swap' });
  });
  it('leaves the brand and unrelated sites alone', () => {
    for (const d of ['acme.com', 'shop.acme.com', 'wikipedia.org', 'example.org', 'acmelabs-review.com']) expect(lookalikeOf(d, acme)).toBeNull();
    expect(brandIdentity({ name: '青禾', aliases: [], website: null }).labels).toEqual([]);
    // No website known: the exact name under any suffix is most likely the brand's own site.
    expect(lookalikeOf('stableco.com', brandIdentity({ name: 'Stableco', aliases: [], website: null }))).toBeNull();
  });
  it('has the string helpers it relies on', () => {
    expect(skeleton('PAYPA1')).toBe(skeleton('paypal'));
    expect(editDistance('acme', 'amce')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('standings', () => {
  const s = { platform: 'deepseek', answers: 20, brand: 'Acme', brandMentions: 5, competitors: [{ name: 'Rival', mentions: 9 }, { name: 'Small', mentions: 5 }, { name: 'None', mentions: 0 }] };
  it('ranks by mentions with shared positions', () => {
    expect(Object.fromEntries(league(s))).toEqual({ Acme: 2, Rival: 1, Small: 2, None: null });
  });
  it('reports a competitor ahead by at least 5 points', () => {
    const state = aheadOf(s);
    expect(state.overtakes).toEqual([{ competitor: 'Rival', brandRank: 2, competitorRank: 1, lead: 0.2 }]);
    expect([...state.caughtUp].sort()).toEqual(['None', 'Small']);
    expect(aheadOf({ ...s, answers: 9 }).overtakes).toEqual([]); // too few answers
  });
  it('reports a platform strength move of 10 points or more only', () => {
    expect(priorityMove(null, 20, 10)).toBeNull();
    expect(priorityMove(0.5, 20, 11)).toBeNull();
    expect(priorityMove(0.5, 20, 12)).toEqual({ after: 0.6, delta: 0.1 });
    expect(priorityMove(0.5, 5, 0)).toBeNull();
  });
});
