/**
 * Fixture histories for intelligence tests: recent answers go through the scanning insert path
 * (answers + citations + competitor mentions + rollups in one statement); older days are planted
 * as rollup rows, which is what that path would have left behind on those days.
 */
import { randomUUID } from 'node:crypto';
import { getDomain } from 'tldts';
import { answerDailyRollups, type AidaStage } from '../../src/db/schema/scanning.js';
import type { Executor } from '../../src/db/client.js';
import { insertAnswers, type AnswerInput } from '../../src/features/scans/answers.repo.js';
import { finishRunIfDone, insertRun } from '../../src/features/scans/runs.repo.js';
import type { TestContext } from './app.js';

import type { Tenant } from './tenant.js';

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
  const run = await insertRun(db, {
    accountId: tenant.accountId, brandId, kind: 'monitor', status: 'running', platforms: [...new Set(specs.map((s) => s.platform))],
    brand: { name: 'fixture', category: 'software', website: null, aliases: [], competitors: [], locale: null },
    promptPackId: null, plan: [], tasksTotal: specs.length, simulated: true,
  });
  const batch: AnswerInput[] = specs.map((s, i) => {
    const score = s.sentiment === 'positive' ? 0.6 : s.sentiment === 'negative' ? -0.6 : 0;
    const text = s.prompt ?? `fixture prompt ${i}`;
    return {
      runId: run!.id, brandId, accountId: tenant.accountId, platform: s.platform, model: 'sim', promptId: null,
      promptText: text, promptHash: `${String(i).padStart(4, '0')}${randomUUID().replace(/-/g, '')}${'0'.repeat(28)}`.slice(0, 64),
      stage: s.stage ?? 'awareness', intent: 'recommendation', locale: 'en', rawText: s.failed ? null : (s.text ?? 'answer'), latencyMs: 10,
      promptTokens: 1, completionTokens: 1, totalTokens: 2, costUsd: 0, simulated: true,
      errorKind: s.failed ? 'timeout' : null, errorMessage: s.failed ? 'timeout' : null, analysis: null,
      mentioned: s.failed ? null : s.mentioned, position: s.mentioned ? 0 : null, rank: s.mentioned ? (s.rank ?? null) : null,
      sentimentLabel: s.mentioned ? (s.sentiment ?? 'neutral') : null, sentimentScore: s.mentioned ? score : null,
      mentionCount: s.mentioned ? 1 : 0,
      citations: (s.citations ?? []).map((url) => ({ url, normalizedUrl: url, domain: getDomain(url) ?? '', context: `See ${url}.`, source: 'text' })),
      competitors: (s.competitors ?? []).map((c) => ({ name: c.name, position: 0, rank: c.rank ?? null, sentimentLabel: 'neutral', sentimentScore: 0, mentionCount: 1 })),
    };
  });
  await insertAnswers(db, batch);
  await finishRunIfDone(db, run!.id, 0);
  return run!.id;
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
