/**
 * History as engine 1.x left it, for re-analysis tests. Answer texts of the kinds issue #12 saw
 * misread (ranked items carrying links, factual descriptions, caution lists, adjacent citation
 * links, tracking parameters) are stored through the app's own insert path with the analysis and
 * figures a 1.x engine recorded, and its citation rows as migration 0004 leaves them (the old
 * normalised form as `url`, the current key beside it). The only SQL here moves rows to their day.
 */
import { sql } from 'drizzle-orm';
import { getDomain } from 'tldts';
import { normalizeUrl } from '../../src/analysis/index.js';
import type { Executor } from '../../src/db/client.js';
import type { BrandSnapshot } from '../../src/db/schema/scanning.js';
import { promptHash } from '../../src/features/prompts/prompt-hash.js';
import { insertAnswers, type AnswerInput } from '../../src/features/scans/answers.repo.js';
import { finishRunIfDone, insertRun } from '../../src/features/scans/runs.repo.js';
import { analyzerFor } from '../../src/features/scans/task.js';
import { rowsOf } from './db.js';

export const OLD_ENGINE = '1.0.0';
export const PLATFORMS = ['deepseek', 'kimi', 'qwen', 'chatgpt', 'perplexity'];

export const snapshotOf = (name: string): BrandSnapshot => ({
  name,
  category: 'project tools',
  website: null,
  aliases: [],
  competitors: [
    { name: 'Globex', aliases: [] },
    { name: 'Initech', aliases: [] },
  ],
  locale: 'en',
});

interface OldReading {
  mentioned: boolean;
  rank: number | null;
  sentiment: { label: 'positive' | 'neutral' | 'negative'; score: number } | null;
  /** The citation URLs as 1.x stored them (normalised its way, adjacent links run together). */
  citations: string[];
  competitors: Array<{ name: string; rank: number | null }>;
}

/** One answer text of kind `i % 5` for brand `name`, and what engine 1.x recorded for it. */
export function oldAnswer(name: string, i: number): { text: string; old: OldReading } {
  switch (i % 5) {
    case 0:
      return {
        text: [
          'Here are the tools teams recommend most:',
          '',
          '1. **[Globex](https://globex.example/plans/?utm_source=chatgpt)** — reliable and easy to roll out.',
          `2. **[${name}](https://acme.example/product/)** — excellent: fast, well designed and loved by its users.`,
          '3. **Initech** — a solid budget choice.',
          '',
          `Sources: [1](https://reviews.example/tools/${i}/)[2](https://blog.example/compare#top)`,
        ].join('\n'),
        old: {
          mentioned: true,
          rank: null,
          sentiment: { label: 'positive', score: 0.5 },
          citations: ['https://globex.example/plans/', 'https://acme.example/product/', `https://reviews.example/tools/${i}/)[2](https://blog.example/compare`],
          competitors: [{ name: 'Globex', rank: null }],
        },
      };
    case 1:
      return {
        text: `${name} was founded in 2012 in Berlin and costs $12 per user per month. Setup takes three steps: sign up, invite the team, import your tasks. Details: https://acme.example/pricing/#plans-${i}`,
        old: { mentioned: true, rank: null, sentiment: { label: 'positive', score: 0.4 }, citations: ['https://acme.example/pricing/'], competitors: [] },
      };
    case 2:
      return {
        text: ['Good picks are Globex and Initech.', '', 'Be cautious with these:', '', `1. ${name} — support is slow and the mobile app is buggy.`].join('\n'),
        old: {
          mentioned: true,
          rank: 1,
          sentiment: { label: 'positive', score: 0.3 },
          citations: [],
          competitors: [
            { name: 'Globex', rank: null },
            { name: 'Initech', rank: null },
          ],
        },
      };
    case 3:
      return {
        text: `Globex is the market leader; Initech is cheaper. See https://news.example/market?utm_medium=feed&id=${i}`,
        old: {
          mentioned: false,
          rank: null,
          sentiment: null,
          citations: [`https://news.example/market?id=${i}`],
          competitors: [
            { name: 'Globex', rank: null },
            { name: 'Initech', rank: null },
          ],
        },
      };
    default:
      return {
        text: ['1. Initech', '2. Globex', `3. ${name} — great value for small teams.`].join('\n'),
        old: {
          mentioned: true,
          rank: 3,
          sentiment: { label: 'positive', score: 0.6 },
          citations: [],
          competitors: [
            { name: 'Initech', rank: 1 },
            { name: 'Globex', rank: 2 },
          ],
        },
      };
  }
}

export interface Planted {
  runId: string;
  answers: number;
  /** Answer text by prompt hash (for expected readings). */
  texts: Map<string, string>;
}

/**
 * Stores one finished run of `count` answers about the brand as engine 1.x read them, on the UTC
 * day `daysAgo` days back (0 = today).
 */
export async function plantOldRun(
  db: Executor,
  owner: { accountId: string },
  brand: { id: string; name: string },
  options: { count: number; daysAgo?: number; seed?: number },
): Promise<Planted> {
  const snapshot = snapshotOf(brand.name);
  const seed = options.seed ?? 0;
  const tasks = Array.from({ length: options.count }, (_, i) => {
    const text = `Which project tool should a team of ${seed + i} people pick?`;
    return { i: seed + i, platform: PLATFORMS[i % PLATFORMS.length]!, text, hash: promptHash(text) };
  });
  const run = await insertRun(db, {
    accountId: owner.accountId,
    brandId: brand.id,
    kind: 'monitor',
    status: 'running',
    platforms: PLATFORMS,
    brand: snapshot,
    promptPackId: null,
    plan: tasks.map((t) => ({ id: null, text: t.text, hash: t.hash, stage: 'awareness', intent: 'recommendation', locale: 'en', platforms: [t.platform] })),
    tasksTotal: tasks.length,
    simulated: true,
  });
  const texts = new Map<string, string>();
  const batch: AnswerInput[] = tasks.map((t) => {
    const { text, old } = oldAnswer(brand.name, t.i);
    texts.set(t.hash, text);
    const citations = old.citations.map((url) => ({ url, normalizedUrl: normalizeUrl(url) ?? url, domain: getDomain(url) ?? '', context: '', source: 'text' }));
    const analysis = {
      engineVersion: OLD_ENGINE,
      mentioned: old.mentioned,
      position: old.mentioned ? 0 : null,
      rank: old.rank,
      sentiment: old.sentiment,
      snippet: null,
      mentionCount: old.mentioned ? 1 : 0,
      citations: citations.map((c) => ({ url: c.url, domain: c.domain, context: '', source: 'text' })),
      competitors: old.competitors.map((c) => ({ name: c.name, mentioned: true, position: 0, rank: c.rank, sentiment: { label: 'neutral', score: 0 }, snippet: null, mentionCount: 1 })),
    };
    return {
      runId: run!.id, brandId: brand.id, accountId: owner.accountId, platform: t.platform, model: 'sim', promptId: null,
      promptText: t.text, promptHash: t.hash, stage: 'awareness', intent: 'recommendation', locale: 'en', branded: false,
      rawText: text, latencyMs: 100, promptTokens: 10, completionTokens: 50, totalTokens: 60, costUsd: 0, simulated: true,
      errorKind: null, errorMessage: null, analysis,
      mentioned: old.mentioned, position: old.mentioned ? 0 : null, rank: old.rank,
      sentimentLabel: old.sentiment?.label ?? null, sentimentScore: old.sentiment?.score ?? null, mentionCount: old.mentioned ? 1 : 0,
      citations,
      competitors: old.competitors.map((c) => ({ name: c.name, position: 0, rank: c.rank, sentimentLabel: 'neutral', sentimentScore: 0, mentionCount: 1 })),
    };
  });
  await insertAnswers(db, batch);
  await finishRunIfDone(db, run!.id, 0);
  const ago = options.daysAgo ?? 0;
  if (ago > 0) {
    const interval = `${ago} days`;
    const today = sql`(now() at time zone 'UTC')::date`;
    for (const table of ['answer_daily_rollups', 'competitor_daily_rollups', 'answer_engine_daily_rollups']) {
      await db.execute(sql`update ${sql.identifier(table)} set day = day - ${ago}::int where brand_id = ${brand.id} and day = ${today}`);
    }
    for (const table of ['answers', 'answer_citations', 'competitor_mentions']) {
      await db.execute(sql`update ${sql.identifier(table)} set created_at = created_at - ${interval}::interval where run_id = ${run!.id}`);
    }
  }
  return { runId: run!.id, answers: tasks.length, texts };
}

/** What the current engine reads in a planted answer (the figures re-analysis must store). */
export function currentReading(brandName: string, text: string) {
  return analyzerFor(snapshotOf(brandName)).analyze(text, []);
}


/**
 * The brand's three daily rollups as stored and as recomputed from its answers now (the insert
 * path's formulas); equal when nothing was lost or counted twice.
 */
export async function rollupsAgainstAnswers(db: Executor, brandId: string) {
  const answer = async (from: ReturnType<typeof sql>) =>
    rowsOf<Record<string, unknown>>(await db.execute(from)).map((r) => JSON.stringify(r));
  const stored = await answer(sql`
    select day::text, platform, prompt_hash, answers, mentions, positives, negatives, rank_sum, rank_count, rank_sq_sum,
      rank_1, rank_2, rank_3, rank_4_5, rank_6_plus, round(sentiment_sum::numeric, 3)::text as s
    from answer_daily_rollups where brand_id = ${brandId} order by 1, 2, 3`);
  const recomputed = await answer(sql`
    select (created_at at time zone 'UTC')::date::text as day, platform, prompt_hash, count(*)::int as answers,
      count(*) filter (where mentioned)::int as mentions,
      count(*) filter (where mentioned and sentiment_label = 'positive')::int as positives,
      count(*) filter (where mentioned and sentiment_label = 'negative')::int as negatives,
      coalesce(sum(rank), 0)::int as rank_sum, count(rank)::int as rank_count, coalesce(sum(rank * rank), 0)::int as rank_sq_sum,
      count(*) filter (where rank = 1)::int as rank_1, count(*) filter (where rank = 2)::int as rank_2,
      count(*) filter (where rank = 3)::int as rank_3, count(*) filter (where rank between 4 and 5)::int as rank_4_5,
      count(*) filter (where rank >= 6)::int as rank_6_plus,
      round(coalesce(sum(sentiment_score) filter (where mentioned), 0)::numeric, 3)::text as s
    from answers where brand_id = ${brandId} and error_kind is null group by 1, 2, 3 order by 1, 2, 3`);
  const storedCompetitors = await answer(sql`
    select day::text, platform, competitor, branded, mentions, positives, negatives, rank_sum, rank_count
    from competitor_daily_rollups where brand_id = ${brandId} and mentions > 0 order by 1, 2, 3, 4`);
  const recomputedCompetitors = await answer(sql`
    select (m.created_at at time zone 'UTC')::date::text as day, m.platform, m.competitor, a.branded, count(*)::int as mentions,
      count(*) filter (where m.sentiment_label = 'positive')::int as positives,
      count(*) filter (where m.sentiment_label = 'negative')::int as negatives,
      coalesce(sum(m.rank), 0)::int as rank_sum, count(m.rank)::int as rank_count
    from competitor_mentions m join answers a on a.id = m.answer_id
    where m.brand_id = ${brandId} and a.error_kind is null group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  const storedEngines = await answer(sql`
    select day::text, engine_version, branded, answers from answer_engine_daily_rollups where brand_id = ${brandId} and answers > 0 order by 1, 2, 3`);
  const recomputedEngines = await answer(sql`
    select (created_at at time zone 'UTC')::date::text as day, engine_version, branded, count(*)::int as answers
    from answers where brand_id = ${brandId} and error_kind is null group by 1, 2, 3 order by 1, 2, 3`);
  return {
    stored: { answers: stored, competitors: storedCompetitors, engines: storedEngines },
    recomputed: { answers: recomputed, competitors: recomputedCompetitors, engines: recomputedEngines },
  };
}
