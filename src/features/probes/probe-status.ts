/**
 * The v1 probe status response, computed from a run and its answers. Per platform: `mentioned`
 * when any answer of that platform mentioned the brand, `rank` the best (lowest) rank among them,
 * `snippet` from the best-ranked mentioning answer (else the first mentioning one), `tokensUsed`
 * the tokens of every answer of that platform. Per prompt: each platform's answer, failure or
 * "pending" while the run is still going.
 */
import type { PlatformId } from '../../platforms/index.js';
import { toV1Id } from '../../platforms/index.js';
import { visibilityOf } from '../scans/metrics.js';
import type { AnswerRow, RunRow } from '../scans/scans.service.js';

interface Snippet {
  snippet?: string | null;
}

const snippetOf = (a: AnswerRow): string | null => (a.analysis as Snippet | null)?.snippet ?? null;

function platformResult(platform: string, rows: AnswerRow[]) {
  const answered = rows.filter((a) => a.errorKind === null);
  const mentioning = answered.filter((a) => a.mentioned);
  const ranked = mentioning.filter((a) => a.rank !== null).sort((a, b) => a.rank! - b.rank!);
  const best = ranked[0] ?? mentioning[0];
  return {
    platform: toV1Id(platform as PlatformId),
    mentioned: mentioning.length > 0,
    rank: ranked[0]?.rank ?? null,
    snippet: best ? snippetOf(best) : null,
    tokensUsed: rows.reduce((sum, a) => sum + a.totalTokens, 0),
    answers: answered.length,
    mentions: mentioning.length,
    failed: rows.length - answered.length,
    errors: rows.filter((a) => a.errorKind !== null).map((a) => ({ kind: a.errorKind!, message: a.errorMessage ?? '' })),
  };
}

function promptResult(platform: string, answer: AnswerRow | undefined) {
  const v1 = toV1Id(platform as PlatformId);
  if (!answer) return { platform: v1, status: 'pending' as const };
  if (answer.errorKind !== null) {
    return { platform: v1, status: 'failed' as const, error: { kind: answer.errorKind, message: answer.errorMessage ?? '' } };
  }
  return {
    platform: v1,
    status: 'answered' as const,
    mentioned: answer.mentioned ?? false,
    position: answer.position,
    rank: answer.rank,
    sentiment: answer.sentimentLabel ? { label: answer.sentimentLabel, score: answer.sentimentScore ?? 0 } : null,
    snippet: snippetOf(answer),
    tokensUsed: answer.totalTokens,
    latencyMs: answer.latencyMs,
    model: answer.model,
    simulated: answer.simulated,
    answeredAt: answer.createdAt.toISOString(),
  };
}

export function probeStatus(run: RunRow, answers: AnswerRow[]) {
  const byPlatform = new Map<string, AnswerRow[]>(run.platforms.map((p) => [p, []]));
  const byTask = new Map<string, AnswerRow>();
  for (const a of answers) {
    byPlatform.get(a.platform)?.push(a);
    byTask.set(`${a.platform}:${a.promptHash}`, a);
  }
  const answered = answers.filter((a) => a.errorKind === null);
  const mentioned = answered.filter((a) => a.mentioned).length;
  return {
    runId: run.id,
    brandId: run.brandId,
    kind: run.kind,
    status: run.status,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    completedAt: run.completedAt?.toISOString() ?? null,
    simulated: run.simulated,
    platforms: run.platforms.map((p) => toV1Id(p as PlatformId)),
    progress: { total: run.tasksTotal, done: answers.length, failed: answers.length - answered.length },
    ...visibilityOf(mentioned, answered.length),
    costUsd: run.costUsd,
    chargedUsd: run.chargedUsd,
    results: [...byPlatform].map(([platform, rows]) => platformResult(platform, rows)),
    prompts: run.plan.map((p) => ({
      promptId: p.id,
      prompt: p.text,
      promptHash: p.hash,
      stage: p.stage,
      intent: p.intent,
      locale: p.locale,
      results: p.platforms.map((platform) => promptResult(platform, byTask.get(`${platform}:${p.hash}`))),
    })),
  };
}
