/**
 * Seeds a brand's history through the app's own repositories: one stored run per day with answers
 * on every platform (insertAnswers also writes the citations, competitor mentions and the daily
 * rollups the dashboard reads). insertAnswers stamps "now", so each day is inserted and then its
 * rows are moved back to their day — the only SQL here, and it touches dates only.
 */
import { sql } from 'drizzle-orm';
import type { Container } from '../../../src/container.js';
import { ENGINE_VERSION } from '../../../src/analysis/index.js';
import { AIDA_STAGES } from '../../../src/db/schema/scanning.js';
import { promptHash } from '../../../src/features/prompts/prompt-hash.js';
import { insertAnswers, type AnswerInput } from '../../../src/features/scans/answers.repo.js';
import { insertRun } from '../../../src/features/scans/runs.repo.js';

const PLATFORMS = ['deepseek', 'kimi', 'zhipu', 'qwen', 'doubao', 'chatgpt', 'gemini', 'perplexity'];
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
  return () => ((x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

export async function seedHistory(container: Container, owner: { accountId: string }, brand: { id: string; name: string }, days = 90): Promise<number> {
  const db = container.db;
  const random = seeded(42);
  const PROMPTS = promptsFor(brand.name);
  let stored = 0;
  for (let ago = days - 1; ago >= 0; ago--) {
    const run = await insertRun(db, {
      accountId: owner.accountId,
      brandId: brand.id,
      kind: 'monitor',
      status: 'running',
      platforms: PLATFORMS,
      brand: { name: brand.name, category: 'coffee', website: null, aliases: [], competitors: [], locale: null },
      promptPackId: null,
      plan: PROMPTS.map((p) => ({ id: null, text: p.text, hash: p.hash, stage: p.stage, intent: 'recommendation', locale: 'en', platforms: PLATFORMS })),
      tasksTotal: PLATFORMS.length * PROMPTS.length,
      simulated: true,
    });
    const trend = 0.25 + 0.35 * ((days - ago) / days);
    const batch: AnswerInput[] = [];
    for (const platform of PLATFORMS) {
      for (const p of PROMPTS) {
        // A question naming the brand is answered with the brand nearly always.
        const mentioned = p.branded ? random() < 0.95 : random() < trend;
        const label = mentioned ? (random() < 0.6 ? 'positive' : random() < 0.8 ? 'neutral' : 'negative') : null;
        const url = `https://review-site-${Math.floor(random() * 6)}.example/${brand.id.slice(0, 8)}/${ago}/${platform}`;
        batch.push({
          runId: run!.id, brandId: brand.id, accountId: owner.accountId, platform, model: 'sim', promptId: null,
          promptText: p.text, promptHash: p.hash, stage: p.stage, intent: 'recommendation', locale: 'en', branded: p.branded,
          rawText: mentioned ? `1. ${brand.name} is good. Source: ${url}` : 'Other brands.', latencyMs: 300,
          promptTokens: 20, completionTokens: 80, totalTokens: 100, costUsd: 0.0001, simulated: true,
          // The figures are planted, not read: the analysis says only which engine the history stands for.
          errorKind: null, errorMessage: null, analysis: { engineVersion: ENGINE_VERSION }, mentioned,
          position: mentioned ? 3 : null, rank: mentioned ? 1 + Math.floor(random() * 5) : null,
          sentimentLabel: label, sentimentScore: label === 'positive' ? 0.6 : label === 'negative' ? -0.6 : mentioned ? 0 : null,
          mentionCount: mentioned ? 1 : 0,
          citations: mentioned ? [{ url, normalizedUrl: url, domain: new URL(url).hostname, context: `${brand.name} is good.`, source: 'text' }] : [],
          competitors: [],
        });
      }
    }
    stored += (await insertAnswers(db, batch)).inserted;
    if (ago > 0) {
      const interval = `${ago} days`;
      await db.execute(sql`update answer_daily_rollups set day = day - ${ago}::int where brand_id = ${brand.id} and day = (now() at time zone 'UTC')::date`);
      await db.execute(sql`update competitor_daily_rollups set day = day - ${ago}::int where brand_id = ${brand.id} and day = (now() at time zone 'UTC')::date`);
      await db.execute(sql`update answers set created_at = created_at - ${interval}::interval where run_id = ${run!.id}`);
      await db.execute(sql`update answer_citations set created_at = created_at - ${interval}::interval where run_id = ${run!.id}`);
    }
    await db.execute(sql`update scan_runs set status = 'completed', completed_at = now() - ${`${ago} days`}::interval where id = ${run!.id}`);
  }
  return stored;
}
