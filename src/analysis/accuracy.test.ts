/**
 * Accuracy of the analysis engine against the hand-labelled answers in
 * test/fixtures/analysis/*.json, per language. Fails when a figure drops below its floor (set a
 * little under what the engine achieves: see docs/analysis-accuracy.md).
 *
 *   npx vitest run src/analysis/accuracy.test.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from './index.js';
import type { BrandTarget, SentimentLabel } from './types.js';

interface Fixture {
  id: string;
  lang: 'zh' | 'en';
  platform: string;
  /** "dev" (default): written while building the engine; "holdout": written afterwards, never tuned on. */
  split?: 'dev' | 'holdout';
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

const FIXTURE_DIR = join(import.meta.dirname, '../../test/fixtures/analysis');

function loadFixtures(): Fixture[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(FIXTURE_DIR, f), 'utf8')) as Fixture[]);
}

const textOf = (f: Fixture): string => (Array.isArray(f.text) ? f.text.join('\n') : f.text);

class Tally {
  tp = 0;
  fp = 0;
  fn = 0;
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
    for (const { who, expected, got } of pairs) {
      if (expected.mentioned && got.mentioned) r.mention.tp++;
      else if (got.mentioned) r.mention.fp++;
      else if (expected.mentioned) r.mention.fn++;
      if (expected.mentioned !== got.mentioned) r.failures.push(`${f.id} ${who}: mentioned ${got.mentioned}, expected ${expected.mentioned}`);
      if (expected.mentioned) {
        r.rankTotal++;
        if (got.rank === expected.rank) r.rankHits++;
        else r.failures.push(`${f.id} ${who}: rank ${got.rank}, expected ${expected.rank}`);
      }
    }
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

function table(reports: Record<string, Report>): string {
  const rows = [
    ['metric', ...Object.keys(reports)],
    ['answers', ...Object.values(reports).map((r) => String(r.answers))],
    ['mention precision', ...Object.values(reports).map((r) => pct(r.mention.precision))],
    ['mention recall', ...Object.values(reports).map((r) => pct(r.mention.recall))],
    ['rank exact match', ...Object.values(reports).map((r) => `${pct(ratio(r.rankHits, r.rankTotal))} (${r.rankHits}/${r.rankTotal})`)],
    ['sentiment accuracy', ...Object.values(reports).map((r) => `${pct(ratio(r.sentimentHits, r.sentimentTotal))} (${r.sentimentHits}/${r.sentimentTotal})`)],
    ...(['positive', 'neutral', 'negative'] as const).map((label) => [
      `  recall ${label}`,
      ...Object.values(reports).map((r) => `${pct(ratio(r.perClass[label].hit, r.perClass[label].total))} (${r.perClass[label].hit}/${r.perClass[label].total})`),
    ]),
    ['citation precision', ...Object.values(reports).map((r) => pct(r.citations.precision))],
    ['citation recall', ...Object.values(reports).map((r) => pct(r.citations.recall))],
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`).join('\n');
}

/** Floors: a little under the achieved figures (docs/analysis-accuracy.md). */
const FLOORS = {
  mentionPrecision: 0.97,
  mentionRecall: 0.97,
  rank: 0.95,
  sentiment: 0.9,
  sentimentClassRecall: 0.8,
  citationPrecision: 0.97,
  citationRecall: 0.97,
};

describe('analysis accuracy on the labelled fixtures', () => {
  const fixtures = loadFixtures();
  const reports: Record<string, Report> = {
    zh: evaluate(fixtures.filter((f) => f.lang === 'zh')),
    en: evaluate(fixtures.filter((f) => f.lang === 'en')),
    'zh holdout': evaluate(fixtures.filter((f) => f.lang === 'zh' && f.split === 'holdout')),
    'en holdout': evaluate(fixtures.filter((f) => f.lang === 'en' && f.split === 'holdout')),
    all: evaluate(fixtures),
  };
  console.log(`\n${table(reports)}\n`);
  const misses = reports.all!.failures;
  if (misses.length > 0) console.log(`misses:\n  ${misses.join('\n  ')}\n`);

  it('has at least 70 answers, half Chinese and half English', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(70);
    expect(reports.zh!.answers).toBeGreaterThanOrEqual(35);
    expect(reports.en!.answers).toBeGreaterThanOrEqual(35);
    expect(new Set(fixtures.map((f) => f.id)).size).toBe(fixtures.length);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`${lang}: every figure is at or above its floor`, () => {
      const r = reports[lang]!;
      expect(r.mention.precision).toBeGreaterThanOrEqual(FLOORS.mentionPrecision);
      expect(r.mention.recall).toBeGreaterThanOrEqual(FLOORS.mentionRecall);
      expect(ratio(r.rankHits, r.rankTotal)).toBeGreaterThanOrEqual(FLOORS.rank);
      expect(ratio(r.sentimentHits, r.sentimentTotal)).toBeGreaterThanOrEqual(FLOORS.sentiment);
      for (const label of ['positive', 'neutral', 'negative'] as const) {
        expect(ratio(r.perClass[label].hit, r.perClass[label].total)).toBeGreaterThanOrEqual(FLOORS.sentimentClassRecall);
      }
      expect(r.citations.precision).toBeGreaterThanOrEqual(FLOORS.citationPrecision);
      expect(r.citations.recall).toBeGreaterThanOrEqual(FLOORS.citationRecall);
    });
  }
});
