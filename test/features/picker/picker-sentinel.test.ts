/** Picker ordering and the ~5 % rule; sentinel detectors, lookalike domains and accounts; standings (pure). */
import { describe, expect, it } from 'vitest';
import { ZERO_COUNTS, type AnswerCounts } from '../../../src/features/metrics/counts.js';
import { aheadOf, league, priorityMove } from '../../../src/features/monitoring/standings.js';
import { pickCount, priorityOf, type DayCount, type PromptHistory } from '../../../src/features/picker/priority.js';
import { detectNegativeSpike, detectRankCollapse } from '../../../src/features/sentinel/detectors.js';
import { accountOfUrl, accountsInText, impersonatorOf, officialHandleOf, officialHandles, type AccountRef } from '../../../src/features/sentinel/social-accounts.js';
import { brandIdentity, editDistance, lookalikeOf, skeleton } from '../../../src/features/sentinel/lookalike.js';

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

describe('lookalike accounts', () => {
  const acme = brandIdentity({ name: 'Acme', aliases: ['ACME Corp'], website: 'https://www.acme.com' });
  const none = new Set<string>();
  const judge = (a: AccountRef | null, official: ReadonlySet<string> = none) => (a ? impersonatorOf(a, acme, official) : null);

  it('reads handles from profile URLs of every platform, with or without a scheme', () => {
    const cases: Array<[string, string | null, string | null]> = [
      ['https://weibo.com/acme_official', 'weibo', 'acme_official'],
      ['weibo.com/n/AcmeShop', 'weibo', 'acmeshop'],
      ['https://m.weibo.cn/acmehelp', 'weibo', 'acmehelp'],
      ['https://twitter.com/AcmeSupport/status/123', 'x', 'acmesupport'],
      ['https://x.com/acme', 'x', 'acme'],
      ['https://www.instagram.com/acme.official/', 'instagram', 'acme.official'],
      ['https://facebook.com/acme.shop', 'facebook', 'acme.shop'],
      ['https://www.linkedin.com/company/acme-corp/', 'linkedin', 'acme-corp'],
      ['https://www.youtube.com/@AcmeTV', 'youtube', 'acmetv'],
      ['https://www.tiktok.com/@acme_cn?lang=en', 'tiktok', 'acme_cn'],
      ['https://www.zhihu.com/org/acme-official', 'zhihu', 'acme-official'],
      ['https://www.douyin.com/user/acmeofficial', 'douyin', 'acmeofficial'],
      ['https://space.bilibili.com/acme_tv', 'bilibili', 'acme_tv'],
    ];
    for (const [url, platform, handle] of cases) expect(accountOfUrl(url), url).toEqual({ platform, handle });
    // Not profiles, or no readable name: posts, search, numeric ids, opaque tokens, other sites.
    for (const url of [
      'https://weibo.com/u/1234567890', 'https://x.com/search?q=acme', 'https://x.com/i/flow', 'https://www.instagram.com/p/Cx1/',
      'https://www.youtube.com/watch?v=abc', 'https://www.youtube.com/channel/UC123', 'https://space.bilibili.com/123456', 'https://www.bilibili.com/video/BV1xx411c7mD', 's.weibo.com/weibo?q=acme',
      'https://www.xiaohongshu.com/user/profile/5f1a2b3c4d5e6f7a8b9c0d1e', 'https://www.douyin.com/user/MS4wLjABAAAAabcdefghijklmnopqrstuvwxyz0123456789',
      'https://www.linkedin.com/in/jane', 'https://en.wikipedia.org/wiki/Acme', 'https://acme.com/acme_official',
    ]) expect(accountOfUrl(url), url).toBeNull();
  });

  it('finds bare @handles in Chinese and English text, never e-mail addresses', () => {
    const zh = '想要优惠请关注微博@acme_0fficial获取最新活动，或发邮件到 service@acme.com，官网 https://x.com/acmehelp 。';
    expect(accountsInText(zh)).toEqual([
      { platform: 'x', handle: 'acmehelp' },
      { platform: null, handle: 'acme_0fficial' },
    ]);
    const en = 'Write to support@acme-official.com or ping @AcmeSupport. See youtube.com/@acme.tv and (@acme).';
    expect(accountsInText(en)).toEqual([
      { platform: 'youtube', handle: 'acme.tv' },
      { platform: null, handle: 'acmesupport' },
      { platform: null, handle: 'acme' },
    ]);
    expect(accountsInText('mail: first.last@acme.com, a+b@acme.cn, 用户名@acme.com.cn')).toEqual([]);
    expect(accountsInText('no accounts here, 100% @ noon')).toEqual([]);
  });

  it('classifies imitating handles with the domain rules', () => {
    expect(judge({ platform: 'weibo', handle: 'acme_official' })).toMatchObject({ kind: 'combosquat', imitates: 'acme' });
    expect(judge({ platform: null, handle: 'official.acme' })).toMatchObject({ kind: 'combosquat' });
    expect(judge({ platform: 'x', handle: 'acmesupport' })).toMatchObject({ kind: 'combosquat' });
    expect(judge({ platform: 'x', handle: 'acrne' })).toMatchObject({ kind: 'homoglyph' });
    expect(judge({ platform: 'instagram', handle: 'acme_' })).toMatchObject({ kind: 'homoglyph' }); // reads the same
    expect(judge({ platform: 'tiktok', handle: 'аcme' })).toMatchObject({ kind: 'homoglyph' }); // Cyrillic а
    expect(judge({ platform: 'x', handle: 'amce' })).toMatchObject({ kind: 'typosquat' });
    expect(judge({ platform: 'x', handle: 'acmecorpp' })).toMatchObject({ kind: 'typosquat', imitates: 'acmecorp' });
  });

  it('leaves the brand’s own accounts and unrelated handles alone', () => {
    expect(judge({ platform: 'weibo', handle: 'acme' })).toBeNull(); // the exact label is the brand's own
    expect(judge({ platform: null, handle: 'acmecorp' })).toBeNull();
    for (const handle of ['acmelabs_review', 'rival', 'wikipedia', 'pacmen']) expect(judge({ platform: 'x', handle }), handle).toBeNull();
    const official = officialHandles(['https://weibo.com/acme_cn', '@AcmeSupport', 'acme.official']);
    expect([...official].sort()).toEqual(['acme.official', 'acme_cn', 'acmesupport']);
    for (const handle of ['acme_cn', 'acmesupport', 'acme.official']) expect(judge({ platform: 'x', handle }, official), handle).toBeNull();
    expect(judge({ platform: 'x', handle: 'acme_help' }, official)).toMatchObject({ kind: 'combosquat' });
    expect(impersonatorOf({ platform: 'x', handle: 'qinghe_official' }, brandIdentity({ name: '青禾', aliases: [], website: null }), none)).toBeNull();
  });

  it('accepts profile URLs and handles as official accounts, nothing else', () => {
    expect(officialHandleOf('https://www.tiktok.com/@acme_cn')).toBe('acme_cn');
    expect(officialHandleOf('@acme')).toBe('acme');
    expect(officialHandleOf('https://example.com/about')).toBeNull();
    expect(officialHandleOf('not a handle!')).toBeNull();
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
