/**
 * Planted histories. Every answer goes through the app's own insert path (insertAnswers writes the
 * answers, their citations and competitor mentions and the daily rollups in one statement) in a
 * finished run through plantRun, the one path, which then moves a past day's rows back to their
 * day (insertAnswers stamps "now"; the move touches dates only). What fills a run:
 * - storeRun: answers from short specs (intelligence and monitoring tests);
 * - seedHistory: a brand's days of answers on every platform (the dashboard: browser tests, bench);
 * - plantOldRun: answers as engine 1.x read them, for re-analysis tests;
 * and plantDays, for days further back, rollup rows alone (what the insert path would have left).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDomain } from 'tldts';
import { ENGINE_VERSION, normalizeUrl } from '../../src/analysis/index.js';
import type { Executor } from '../../src/db/client.js';
import { AIDA_STAGES, answerDailyRollups, type AidaStage, type BrandSnapshot, type PlannedPrompt } from '../../src/db/schema/scanning.js';
import type { Container } from '../../src/container.js';
import { promptHash } from '../../src/features/prompts/prompt-hash.js';
import { insertAnswers, type AnswerInput } from '../../src/features/scans/answers.repo.js';
import { finishRunIfDone, insertRun } from '../../src/features/scans/runs.repo.js';
import { analyzerFor } from '../../src/features/scans/task.js';
import type { TestContext } from './app.js';
import { rowsOf } from './db.js';
import type { Tenant } from './tenant.js';

/** What a planted answer's row holds unless said: a simulated answer that did not fail. */
const SIMULATED = {
  model: 'sim', promptId: null, intent: 'recommendation', locale: 'en', latencyMs: 10, promptTokens: 1, completionTokens: 1, totalTokens: 2,
  costUsd: 0, simulated: true, errorKind: null, errorMessage: null,
} as const satisfies Partial<AnswerInput>;
export type PlantedAnswer = Omit<AnswerInput, 'runId' | 'brandId' | 'accountId' | keyof typeof SIMULATED> & Partial<Pick<AnswerInput, keyof typeof SIMULATED>>;

/**
 * Stores one finished run of these answers (its plan: each prompt on the platforms that answered
 * it), `daysAgo` UTC days back (0: today), and returns its id and how many answers were stored.
 */
export async function plantRun(
  db: Executor,
  owner: { accountId: string },
  brand: { id: string },
  snapshot: BrandSnapshot,
  planted: PlantedAnswer[],
  daysAgo = 0,
): Promise<{ runId: string; inserted: number }> {
  const answers = planted.map((a) => ({ ...SIMULATED, ...a }));
  const plan = new Map<string, PlannedPrompt>();
  for (const a of answers) {
    const prompt = plan.get(a.promptHash) ?? { id: null, text: a.promptText, hash: a.promptHash, stage: a.stage, intent: a.intent, locale: a.locale, platforms: [] };
    if (!prompt.platforms.includes(a.platform)) prompt.platforms.push(a.platform);
    plan.set(a.promptHash, prompt);
  }
  const run = await insertRun(db, {
    accountId: owner.accountId, brandId: brand.id, kind: 'monitor', status: 'running', platforms: [...new Set(answers.map((a) => a.platform))],
    brand: snapshot, promptPackId: null, plan: [...plan.values()], tasksTotal: answers.length, simulated: true,
  });
  const runId = run!.id;
  const { inserted } = await insertAnswers(db, answers.map((a) => ({ ...a, runId, brandId: brand.id, accountId: owner.accountId })));
  await finishRunIfDone(db, runId, 0);
  if (daysAgo > 0) {
    const interval = `${daysAgo} days`;
    const today = sql`(now() at time zone 'UTC')::date`;
    for (const table of ['answer_daily_rollups', 'competitor_daily_rollups', 'answer_engine_daily_rollups']) {
      await db.execute(sql`update ${sql.identifier(table)} set day = day - ${daysAgo}::int where brand_id = ${brand.id} and day = ${today}`);
    }
    for (const table of ['answers', 'answer_citations', 'competitor_mentions']) {
      await db.execute(sql`update ${sql.identifier(table)} set created_at = created_at - ${interval}::interval where run_id = ${runId}`);
    }
    await db.execute(sql`update scan_runs set completed_at = completed_at - ${interval}::interval where id = ${runId}`);
  }
  return { runId, inserted };
}

// storeRun: answers from specs.

export async function createBrand(ctx: TestContext, tenant: Tenant, input: { name: string; website?: string; competitors?: string[]; officialAccounts?: string[] }) {
  return ctx.container.services.brands.create(
    { accountId: tenant.accountId, userId: tenant.userId, tier: 'growth' },
    { name: input.name, category: 'software', website: input.website ?? null, competitors: input.competitors ?? [], officialAccounts: input.officialAccounts ?? [] },
  );
}

export interface AnswerSpec {
  platform: string;
  mentioned: boolean;
  sentiment?: 'positive' | 'neutral' | 'negative';
  rank?: number | null;
  citations?: string[];
  competitors?: Array<{ name: string; rank?: number | null }>;
  stage?: AidaStage;
  prompt?: string;
  failed?: boolean;
  /** The answer text (default "answer"). */
  text?: string;
}

/** Stores one finished run with these answers (each a distinct task) and returns its id. */
export async function storeRun(db: Executor, tenant: Tenant, brandId: string, specs: AnswerSpec[]): Promise<string> {
  const answers: PlantedAnswer[] = specs.map((s, i) => {
    const score = s.sentiment === 'positive' ? 0.6 : s.sentiment === 'negative' ? -0.6 : 0;
    return {
      platform: s.platform, promptText: s.prompt ?? `fixture prompt ${i}`,
      promptHash: `${String(i).padStart(4, '0')}${randomUUID().replace(/-/g, '')}${'0'.repeat(28)}`.slice(0, 64),
      stage: s.stage ?? 'awareness', rawText: s.failed ? null : (s.text ?? 'answer'),
      errorKind: s.failed ? 'timeout' : null, errorMessage: s.failed ? 'timeout' : null, analysis: null,
      mentioned: s.failed ? null : s.mentioned, position: s.mentioned ? 0 : null, rank: s.mentioned ? (s.rank ?? null) : null,
      sentimentLabel: s.mentioned ? (s.sentiment ?? 'neutral') : null, sentimentScore: s.mentioned ? score : null,
      mentionCount: s.mentioned ? 1 : 0,
      citations: (s.citations ?? []).map((url) => ({ url, normalizedUrl: url, domain: getDomain(url) ?? '', context: `See ${url}.`, source: 'text' })),
      competitors: (s.competitors ?? []).map((c) => ({ name: c.name, position: 0, rank: c.rank ?? null, sentimentLabel: 'neutral', sentimentScore: 0, mentionCount: 1 })),
    };
  });
  const snapshot = { name: 'fixture', category: 'software', website: null, aliases: [], competitors: [], locale: null };
  return (await plantRun(db, tenant, { id: brandId }, snapshot, answers)).runId;
}

const DAY_MS = 86_400_000;
export const dayAgo = (n: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - n * DAY_MS).toISOString().slice(0, 10);

/** Rollup rows for past days (as the insert path would have left them). */
export async function plantDays(
  db: Executor,
  brandId: string,
  rows: Array<{ daysAgo: number; platform: string; answers: number; mentions: number; negatives?: number; positives?: number; rankSum?: number; rankCount?: number; prompt?: string; stage?: AidaStage }>,
) {
  await db.insert(answerDailyRollups).values(
    rows.map((r) => ({
      brandId, day: dayAgo(r.daysAgo), platform: r.platform, promptHash: (r.prompt ?? 'p').padEnd(64, '0'), stage: r.stage ?? 'awareness',
      answers: r.answers, mentions: r.mentions, positives: r.positives ?? 0, negatives: r.negatives ?? 0,
      rankSum: r.rankSum ?? 0, rankCount: r.rankCount ?? 0, sentimentSum: 0,
    })),
  );
}

// seedHistory: a brand's days on every platform.

const HISTORY_PLATFORMS = ['deepseek', 'kimi', 'zhipu', 'qwen', 'doubao', 'chatgpt', 'gemini', 'perplexity'];
/** Two prompts per stage; the second desire and action prompts name the brand (branded: kept out of the headline). */
const promptsFor = (brandName: string) =>
  AIDA_STAGES.flatMap((stage, i) =>
    [`${stage} question A ${i}`, `${stage} question B ${i}`].map((text, j) => {
      const branded = j === 1 && (stage === 'desire' || stage === 'action');
      const full = branded ? `Is ${brandName} good? ${text}` : text;
      return { text: full, stage, hash: promptHash(full), branded };
    }),
  );

/** Deterministic pseudo-random in [0, 1) (no Math.random: the same history every run). */
function seeded(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x = (x * 1664525 + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/**
 * `days` days of history (the oldest first, one run a day; today is the last), every prompt on
 * every platform, mentions rising over the window; returns how many answers were stored.
 */
export async function seedHistory(container: Container, owner: { accountId: string }, brand: { id: string; name: string }, days = 90): Promise<number> {
  const random = seeded(42);
  const PROMPTS = promptsFor(brand.name);
  const snapshot = { name: brand.name, category: 'coffee', website: null, aliases: [], competitors: [], locale: null };
  let stored = 0;
  for (let ago = days - 1; ago >= 0; ago--) {
    const trend = 0.25 + 0.35 * ((days - ago) / days);
    const answers: PlantedAnswer[] = [];
    for (const platform of HISTORY_PLATFORMS) {
      for (const p of PROMPTS) {
        // A question naming the brand is answered with the brand nearly always.
        const mentioned = p.branded ? random() < 0.95 : random() < trend;
        const label = mentioned ? (random() < 0.6 ? 'positive' : random() < 0.8 ? 'neutral' : 'negative') : null;
        const url = `https://review-site-${Math.floor(random() * 6)}.example/${brand.id.slice(0, 8)}/${ago}/${platform}`;
        answers.push({
          platform, promptText: p.text, promptHash: p.hash, stage: p.stage, branded: p.branded,
          rawText: mentioned ? `1. ${brand.name} is good. Source: ${url}` : 'Other brands.', latencyMs: 300,
          promptTokens: 20, completionTokens: 80, totalTokens: 100, costUsd: 0.0001,
          // The figures are planted, not read: the analysis says only which engine the history stands for.
          analysis: { engineVersion: ENGINE_VERSION }, mentioned,
          position: mentioned ? 3 : null, rank: mentioned ? 1 + Math.floor(random() * 5) : null,
          sentimentLabel: label, sentimentScore: label === 'positive' ? 0.6 : label === 'negative' ? -0.6 : mentioned ? 0 : null,
          mentionCount: mentioned ? 1 : 0,
          citations: mentioned ? [{ url, normalizedUrl: url, domain: new URL(url).hostname, context: `${brand.name} is good.`, source: 'text' }] : [],
          competitors: [],
        });
      }
    }
    stored += (await plantRun(container.db, owner, brand, snapshot, answers, ago)).inserted;
  }
  return stored;
}

// plantOldRun: history as engine 1.x left it. Answer texts of the kinds issue #12 saw misread
// (ranked items carrying links, factual descriptions, caution lists, adjacent citation links,
// tracking parameters), with the analysis and figures a 1.x engine recorded, and its citation
// rows as migration 0004 leaves them (the old normalised form as `url`, the current key beside it).

export const OLD_ENGINE = '1.0.0';
const OLD_PLATFORMS = ['deepseek', 'kimi', 'qwen', 'chatgpt', 'perplexity'];

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
  const seed = options.seed ?? 0;
  const texts = new Map<string, string>();
  const answers: PlantedAnswer[] = Array.from({ length: options.count }, (_, n) => {
    const i = seed + n;
    const question = `Which project tool should a team of ${i} people pick?`;
    const hash = promptHash(question);
    const { text, old } = oldAnswer(brand.name, i);
    texts.set(hash, text);
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
      platform: OLD_PLATFORMS[n % OLD_PLATFORMS.length]!, promptText: question, promptHash: hash, stage: 'awareness',
      rawText: text, latencyMs: 100, promptTokens: 10, completionTokens: 50, totalTokens: 60, analysis,
      mentioned: old.mentioned, position: old.mentioned ? 0 : null, rank: old.rank,
      sentimentLabel: old.sentiment?.label ?? null, sentimentScore: old.sentiment?.score ?? null, mentionCount: old.mentioned ? 1 : 0,
      citations,
      competitors: old.competitors.map((c) => ({ name: c.name, position: 0, rank: c.rank, sentimentLabel: 'neutral', sentimentScore: 0, mentionCount: 1 })),
    };
  });
  const { runId } = await plantRun(db, owner, brand, snapshotOf(brand.name), answers, options.daysAgo ?? 0);
  return { runId, answers: answers.length, texts };
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
