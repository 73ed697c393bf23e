/**
 * Accuracy of the analysis engine against labelled answers (measurement-rules.md §6), per
 * language, with n and 95 % Wilson intervals:
 * - TRAINING: test/fixtures/analysis/*.json: written while building the engine and tuned on;
 *   their figures are training figures and say so;
 * - HOLDOUT: test/fixtures/analysis/holdout/*.json (`"split": "holdout"`), written from the rules
 *   alone by someone who never saw the engine, measured once after an engine change. The block
 *   is skipped while that directory is absent or empty.
 * Fails when a figure drops below its floor (FLOORS, one table for both splits).
 *
 *   npx vitest run src/analysis/accuracy.test.ts
 *   ACCURACY_SPLIT=training npx vitest run src/analysis/accuracy.test.ts   # training only
 *
 * ACCURACY_SPLIT=training never reads the holdout directory: a session tuning the engine runs
 * it that way, so the holdout's figures stay unseen until the one measurement after the change.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The same interval every reported rate uses (docs/metrics.md).
import { wilson } from '../features/metrics/wilson.js';
import { createAnalyzer } from './index.js';
import type { BrandTarget, SentimentLabel } from './types.js';

interface Fixture {
  id: string;
  lang: 'zh' | 'en';
  platform: string;
  /** "training" (default): written while building the engine; "holdout": never tuned on. */
  split?: 'training' | 'holdout';
  note: string;
  brand: BrandTarget;
  competitors?: BrandTarget[];
  platformCitations?: string[];
  text: string | string[];
  expect: {
    mentioned: boolean;
    rank: number | null;
    sentiment: SentimentLabel | null;
    citations: string[];
    competitors: Record<string, { mentioned: boolean; rank: number | null }>;
  };
}

/** Issue #12: at least 100 training answers per language. */
const MIN_PER_LANGUAGE = 100;

const FIXTURE_DIR = join(import.meta.dirname, '../../test/fixtures/analysis');
/**
 * Held-out sets, each written from measurement-rules.md alone by sessions that never saw the
 * engine, and each measured once per engine change. Holdout 1 (240 answers) was first measured on
 * engine 2.0.0; holdout 2 (200 answers) was written while engine 2.1.0 was built and first
 * measured on it; holdouts 3 to 10 (200 answers each) were written while 2.4.0 to 2.11.0 were built,
 * 11 and 12 after 2.11.0, 13 and 14 (400 answers each) while 2.13.0 and 2.14.0 were built.
 * Since engine 2.13 the sentiment model is TRAINED on the training set and holdouts 1–12
 * (train-sentiment-model.ts), so their sentiment figures are training figures; holdout 13's misses
 * were read for 2.14.0, so holdout 14 is the honest one until the next holdout.
 */
const HOLDOUTS = [
  { name: 'HOLDOUT 1', dir: join(FIXTURE_DIR, 'holdout') },
  { name: 'HOLDOUT 2', dir: join(FIXTURE_DIR, 'holdout-2') },
  { name: 'HOLDOUT 3', dir: join(FIXTURE_DIR, 'holdout-3') },
  { name: 'HOLDOUT 4', dir: join(FIXTURE_DIR, 'holdout-4') },
  { name: 'HOLDOUT 5', dir: join(FIXTURE_DIR, 'holdout-5') },
  { name: 'HOLDOUT 6', dir: join(FIXTURE_DIR, 'holdout-6') },
  { name: 'HOLDOUT 7', dir: join(FIXTURE_DIR, 'holdout-7') },
  { name: 'HOLDOUT 8', dir: join(FIXTURE_DIR, 'holdout-8') },
  { name: 'HOLDOUT 9', dir: join(FIXTURE_DIR, 'holdout-9') },
  { name: 'HOLDOUT 10', dir: join(FIXTURE_DIR, 'holdout-10') },
  { name: 'HOLDOUT 11', dir: join(FIXTURE_DIR, 'holdout-11') },
  { name: 'HOLDOUT 12', dir: join(FIXTURE_DIR, 'holdout-12') },
  { name: 'HOLDOUT 13', dir: join(FIXTURE_DIR, 'holdout-13') },
  { name: 'HOLDOUT 14', dir: join(FIXTURE_DIR, 'holdout-14') },
] as const;
/** `training`: skip the holdout entirely (not even loaded), for sessions that tune the engine. */
const TRAINING_ONLY = process.env.ACCURACY_SPLIT === 'training';

function loadFixtures(dir: string): Fixture[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture[]);
}


const textOf = (f: Fixture): string => (Array.isArray(f.text) ? f.text.join('\n') : f.text);

class Tally {
  tp = 0;
  fp = 0;
  fn = 0;
  get f1(): number {
    const p = this.precision;
    const r = this.recall;
    return p + r === 0 ? 0 : (2 * p * r) / (p + r);
  }
  get precision(): number {
    return this.tp + this.fp === 0 ? 1 : this.tp / (this.tp + this.fp);
  }
  get recall(): number {
    return this.tp + this.fn === 0 ? 1 : this.tp / (this.tp + this.fn);
  }
}

interface Report {
  answers: number;
  mention: Tally;
  competitors: Tally;
  rankHits: number;
  rankTotal: number;
  sentimentHits: number;
  sentimentTotal: number;
  perClass: Record<SentimentLabel, { hit: number; total: number }>;
  citations: Tally;
  failures: string[];
}

function evaluate(fixtures: readonly Fixture[]): Report {
  const r: Report = {
    answers: fixtures.length,
    mention: new Tally(),
    competitors: new Tally(),
    rankHits: 0,
    rankTotal: 0,
    sentimentHits: 0,
    sentimentTotal: 0,
    perClass: { positive: { hit: 0, total: 0 }, neutral: { hit: 0, total: 0 }, negative: { hit: 0, total: 0 } },
    citations: new Tally(),
    failures: [],
  };
  for (const f of fixtures) {
    const result = createAnalyzer(f.brand, { competitors: f.competitors ?? [] }).analyze(textOf(f), f.platformCitations);
    const pairs: Array<{ who: string; expected: { mentioned: boolean; rank: number | null }; got: { mentioned: boolean; rank: number | null } }> = [
      { who: f.brand.name, expected: f.expect, got: result },
    ];
    for (const [name, expected] of Object.entries(f.expect.competitors)) {
      const got = result.competitors.find((c) => c.name === name);
      if (got === undefined) throw new Error(`${f.id}: no competitor ${name} in the result`);
      pairs.push({ who: name, expected, got });
    }
    pairs.forEach(({ who, expected, got }, i) => {
      for (const tally of i === 0 ? [r.mention] : [r.mention, r.competitors]) {
        if (expected.mentioned && got.mentioned) tally.tp++;
        else if (got.mentioned) tally.fp++;
        else if (expected.mentioned) tally.fn++;
      }
      if (expected.mentioned !== got.mentioned) r.failures.push(`${f.id} ${who}: mentioned ${got.mentioned}, expected ${expected.mentioned}`);
      if (expected.mentioned) {
        r.rankTotal++;
        if (got.rank === expected.rank) r.rankHits++;
        else r.failures.push(`${f.id} ${who}: rank ${got.rank}, expected ${expected.rank}`);
      }
    });
    if (f.expect.sentiment !== null) {
      r.sentimentTotal++;
      r.perClass[f.expect.sentiment].total++;
      if (result.sentiment?.label === f.expect.sentiment) {
        r.sentimentHits++;
        r.perClass[f.expect.sentiment].hit++;
      } else {
        r.failures.push(`${f.id}: sentiment ${result.sentiment?.label} (${result.sentiment?.score}), expected ${f.expect.sentiment}`);
      }
    }
    const got = new Set(result.citations.map((c) => c.url));
    const want = new Set(f.expect.citations);
    for (const url of got) {
      if (want.has(url)) r.citations.tp++;
      else {
        r.citations.fp++;
        r.failures.push(`${f.id}: unexpected citation ${url}`);
      }
    }
    for (const url of want) {
      if (!got.has(url)) {
        r.citations.fn++;
        r.failures.push(`${f.id}: missing citation ${url}`);
      }
    }
  }
  return r;
}

const pct = (x: number): string => x.toFixed(3);
const ratio = (hit: number, total: number): number => (total === 0 ? 1 : hit / total);
const withCi = (k: number, n: number): string => {
  const [lo, hi] = wilson(k, n);
  return `${pct(ratio(k, n))} (${k}/${n}; ${pct(lo)}–${pct(hi)})`;
};

function table(title: string, reports: Record<string, Report>): string {
  const cols = Object.values(reports);
  const rows = [
    [title, ...Object.keys(reports)],
    ['answers (n)', ...cols.map((r) => String(r.answers))],
    ['mention P / R', ...cols.map((r) => `${pct(r.mention.precision)} / ${pct(r.mention.recall)}`)],
    ['mention F1', ...cols.map((r) => pct(r.mention.f1))],
    ['rank exact match', ...cols.map((r) => withCi(r.rankHits, r.rankTotal))],
    ['sentiment accuracy', ...cols.map((r) => withCi(r.sentimentHits, r.sentimentTotal))],
    ...(['positive', 'neutral', 'negative'] as const).map((label) => [
      `  recall ${label}`,
      ...cols.map((r) => withCi(r.perClass[label].hit, r.perClass[label].total)),
    ]),
    ['citation P / R', ...cols.map((r) => `${pct(r.citations.precision)} / ${pct(r.citations.recall)}`)],
    ['citation F1 (url)', ...cols.map((r) => pct(r.citations.f1))],
    ['competitor mention F1', ...cols.map((r) => pct(r.competitors.f1))],
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`).join('\n');
}

/**
 * Floors, per language, for each split; a figure below its floor fails the build.
 * Training floors sit a little under what the engine achieves on the sets it was tuned on.
 * Holdout floors guard against regression: each sits just under the latest once-per-change
 * measurement of that holdout (docs/analysis-accuracy.md), not at the issue's goals where the
 * measurement missed them. Raise them when a later measurement is higher; never tune on a holdout.
 */
const FLOORS = {
  // Engine 2.5.0 on 734 training answers: mention F1 0.999 / 1.000, rank 1.000 / 0.999, sentiment 0.990 /
  // 0.994, class recall down to 0.980 (zh neutral). Engine 2.6.0 on 844: mention F1 0.999 / 1.000, rank
  // 1.000 / 0.999, sentiment 0.992 / 0.995, class recall down to 0.982 (zh neutral); floors kept.
  training: { mentionF1: 0.98, rank: 0.98, sentiment: 0.97, sentimentClassRecall: 0.93, citationF1: 0.99, competitorF1: 0.98 },
  // Engine 2.6.0, 2026-11-27 (fifth measurement): mention F1 0.972 / 0.971, rank 0.989 / 0.984, sentiment
  // 0.940 / 0.811, class recall down to 0.789 (en positive).
  'HOLDOUT 1': { mentionF1: 0.965, rank: 0.975, sentiment: 0.8, sentimentClassRecall: 0.78, citationF1: 0.99, competitorF1: 0.97 },
  // Engine 2.6.0, 2026-11-27: mention F1 0.993 / 0.995, rank 0.989 / 0.978, sentiment 0.941 / 0.871, class
  // recall down to 0.692 (en neutral).
  'HOLDOUT 2': { mentionF1: 0.985, rank: 0.97, sentiment: 0.86, sentimentClassRecall: 0.68, citationF1: 0.99, competitorF1: 0.98 },
  // Engine 2.6.0, 2026-11-27: mention F1 0.983 / 0.988, rank 0.979 / 0.990, sentiment 0.929 / 0.894, class
  // recall down to 0.846 (en neutral).
  'HOLDOUT 3': { mentionF1: 0.98, rank: 0.97, sentiment: 0.88, sentimentClassRecall: 0.84, citationF1: 0.99, competitorF1: 0.98 },
  // Engine 2.7.0, 2026-11-27 (its 2.5.0 misses steered 2.6.0 as classes): mention F1 0.979 / 0.989, rank
  // 0.977 / 0.974, sentiment 0.871 / 0.906, class recall down to 0.808 (zh neutral).
  'HOLDOUT 4': { mentionF1: 0.975, rank: 0.97, sentiment: 0.86, sentimentClassRecall: 0.8, citationF1: 0.99, competitorF1: 0.98 },
  // Written for engine 2.6.0, measured on 2.5.0 and once on 2.6.0 (rank 0.931 / 0.980, sentiment 0.833 /
  // 0.871); its 2.6.0 misses steered 2.7.0 as classes. Engine 2.7.0, 2026-11-27: mention F1 0.988 / 0.988,
  // rank 0.988 / 0.976, sentiment 0.845 / 0.882, class recall down to 0.750 (zh neutral).
  'HOLDOUT 5': { mentionF1: 0.98, rank: 0.97, sentiment: 0.84, sentimentClassRecall: 0.74, citationF1: 0.99, competitorF1: 0.99 },
  // Written for engine 2.7.0, measured on 2.6.0 and once on 2.7.0 (the same figures on both: rank 0.966 /
  // 0.913); its misses steered 2.8.0 as classes. Engine 2.8.0, 2026-11-27: mention F1 0.969 / 0.992, rank
  // 0.970 / 0.988, sentiment 0.918 / 0.776, class recall down to 0.679 (en negative).
  'HOLDOUT 6': { mentionF1: 0.965, rank: 0.965, sentiment: 0.77, sentimentClassRecall: 0.67, citationF1: 0.99, competitorF1: 0.97 },
  // Written for engine 2.8.0, measured on 2.7.0 and once on 2.8.0, 2026-11-27 (the same figures on both):
  // mention F1 0.989 / 0.989, rank 0.961 / 0.969, sentiment 0.812 / 0.786, class recall down to 0.690 (en neutral).
  'HOLDOUT 7': { mentionF1: 0.98, rank: 0.955, sentiment: 0.78, sentimentClassRecall: 0.68, citationF1: 0.99, competitorF1: 0.99 },
  // Written for engine 2.9.0, measured on 2.8.0 and once on 2.9.0, 2026-11-27: mention F1 0.973 / 0.996,
  // rank 0.953 / 0.943, sentiment 0.776 / 0.721, class recall down to 0.607 (en negative).
  'HOLDOUT 8': { mentionF1: 0.97, rank: 0.94, sentiment: 0.71, sentimentClassRecall: 0.6, citationF1: 0.99, competitorF1: 0.98 },
  // Written while engine 2.10.0 was built; measured on 2.9.0 and once on 2.10.0, 2026-11-27: mention F1
  // 0.983 / 0.996, rank 0.939 / 0.941, sentiment 0.791 / 0.744, class recall down to 0.679 (negative).
  // Engine 2.12.0 (sentence leads): rank 0.948 / 0.944.
  'HOLDOUT 9': { mentionF1: 0.975, rank: 0.94, sentiment: 0.73, sentimentClassRecall: 0.67, citationF1: 0.99, competitorF1: 0.99 },
  // Written while engine 2.11.0 (the learned sentiment reading) was built; measured once on 2.11.0,
  // 2026-11-27: mention F1 0.976 / 0.983, rank 0.982 / 0.957, sentiment 0.929 / 0.882, class recall down
  // to 0.857 (en neutral); the rules alone (2.10.0, measured after) read sentiment 0.894 / 0.835.
  // Engine 2.12.0: rank 0.987 / 0.974, the rest unchanged.
  'HOLDOUT 10': { mentionF1: 0.97, rank: 0.965, sentiment: 0.87, sentimentClassRecall: 0.85, citationF1: 0.99, competitorF1: 0.98 },
  // Written after 2.11.0 was built, by four new writers; measured once on 2.11.0, 2026-11-27: mention F1
  // 0.979 / 0.987, rank 0.901 / 0.908, sentiment 0.786 / 0.857, class recall down to 0.607 (zh neutral).
  // Its misses were read for engine 2.12.0 (tuned-on since): rank 0.912 / 0.941 there.
  'HOLDOUT 11': { mentionF1: 0.975, rank: 0.905, sentiment: 0.78, sentimentClassRecall: 0.6, citationF1: 0.99, competitorF1: 0.98 },
  // Written after 2.11.0 was built, by four more new writers; measured once on 2.11.0, 2026-11-27: mention
  // F1 0.973 / 0.993, rank 0.930 / 0.921, sentiment 0.845 / 0.810, class recall down to 0.714 (zh neutral).
  // Engine 2.12.0, measured once (misses unread): rank 0.945 / 0.941, the rest unchanged.
  'HOLDOUT 12': { mentionF1: 0.97, rank: 0.935, sentiment: 0.8, sentimentClassRecall: 0.71, citationF1: 0.99, competitorF1: 0.975 },
  // Written while engine 2.13.0 was built (400 answers, eight new writers); measured once on 2.13.0,
  // 2026-11-27: mention F1 0.981 / 0.988, rank 0.964 / 0.947, sentiment 0.917 / 0.893, class recall down
  // to 0.821 (en neutral). On 2.12.0 (measured after, for the comparison): rank 0.952 / 0.934, sentiment
  // 0.911 / 0.881.
  'HOLDOUT 13': { mentionF1: 0.975, rank: 0.94, sentiment: 0.88, sentimentClassRecall: 0.8, citationF1: 0.99, competitorF1: 0.985 },
  // Written while engine 2.14.0 was built (400 answers, eight more new writers); measured once on 2.14.0,
  // 2026-11-27: mention F1 0.973 / 0.994, rank 0.968 / 0.978, sentiment 0.923 / 0.881, class recall down
  // to 0.804 (en neutral) — every goal of #12 met. Measured after, for the comparison: 2.13.0 rank
  // 0.971 / 0.967, sentiment 0.923 / 0.875; 2.12.0 rank 0.960 / 0.954, sentiment 0.917 / 0.833.
  'HOLDOUT 14': { mentionF1: 0.97, rank: 0.96, sentiment: 0.875, sentimentClassRecall: 0.8, citationF1: 0.99, competitorF1: 0.98 },
} as const;

function checkFloors(r: Report, floors: (typeof FLOORS)[keyof typeof FLOORS]): void {
  expect(r.mention.f1).toBeGreaterThanOrEqual(floors.mentionF1);
  expect(ratio(r.rankHits, r.rankTotal)).toBeGreaterThanOrEqual(floors.rank);
  expect(ratio(r.sentimentHits, r.sentimentTotal)).toBeGreaterThanOrEqual(floors.sentiment);
  for (const label of ['positive', 'neutral', 'negative'] as const) {
    expect(ratio(r.perClass[label].hit, r.perClass[label].total)).toBeGreaterThanOrEqual(floors.sentimentClassRecall);
  }
  expect(r.citations.f1).toBeGreaterThanOrEqual(floors.citationF1);
  expect(r.competitors.f1).toBeGreaterThanOrEqual(floors.competitorF1);
}

describe('analysis accuracy — TRAINING set (tuned on: training figures)', () => {
  const fixtures = loadFixtures(FIXTURE_DIR);
  const reports: Record<string, Report> = {
    zh: evaluate(fixtures.filter((f) => f.lang === 'zh')),
    en: evaluate(fixtures.filter((f) => f.lang === 'en')),
  };
  console.log(`\n${table('TRAINING', reports)}\n`);
  const misses = [...reports.zh!.failures, ...reports.en!.failures];
  if (misses.length > 0) console.log(`training misses:\n  ${misses.join('\n  ')}\n`);

  it('has at least 200 training answers, at least 100 per language, all eight platforms', () => {
    expect(fixtures.every((f) => f.split !== 'holdout')).toBe(true);
    expect(new Set(fixtures.map((f) => f.id)).size).toBe(fixtures.length);
    expect(reports.zh!.answers).toBeGreaterThanOrEqual(MIN_PER_LANGUAGE);
    expect(reports.en!.answers).toBeGreaterThanOrEqual(MIN_PER_LANGUAGE);
    expect(new Set(fixtures.map((f) => f.platform)).size).toBeGreaterThanOrEqual(8);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`${lang}: every training figure is at or above its floor`, () => checkFloors(reports[lang]!, FLOORS.training));
  }
});

for (const holdout of HOLDOUTS) {
  describe.skipIf(TRAINING_ONLY)(`analysis accuracy — ${holdout.name} (never tuned on)`, () => {
    const fixtures = TRAINING_ONLY ? [] : loadFixtures(holdout.dir);
    const reports: Record<string, Report> = {
      zh: evaluate(fixtures.filter((f) => f.lang === 'zh')),
      en: evaluate(fixtures.filter((f) => f.lang === 'en')),
    };
    if (fixtures.length > 0) console.log(`\n${table(holdout.name, reports)}\n`);

    it.skipIf(fixtures.length === 0)('holds only holdout answers, none shared with training or another holdout', () => {
      expect(fixtures.every((f) => f.split === 'holdout')).toBe(true);
      const elsewhere = new Set([FIXTURE_DIR, ...HOLDOUTS.filter((h) => h !== holdout).map((h) => h.dir)].flatMap((dir) => loadFixtures(dir).map((f) => f.id)));
      expect(fixtures.filter((f) => elsewhere.has(f.id))).toEqual([]);
      expect(new Set(fixtures.map((f) => f.id)).size).toBe(fixtures.length);
    });

    for (const lang of ['zh', 'en'] as const) {
      it.skipIf(reports[lang]!.answers === 0)(`${lang}: every holdout figure is at or above its floor`, () => checkFloors(reports[lang]!, FLOORS[holdout.name]));
    }
  });
}
