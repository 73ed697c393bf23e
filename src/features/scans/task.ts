/**
 * One task of a run: ask one platform one prompt, analyse the answer for the run's brand, and
 * turn the outcome (an answer or a platform failure) into the row that records it. No SQL here.
 */
import { createAnalyzer, type AnswerAnalysis, type BrandAnalysis } from '../../analysis/index.js';
import type { PlatformId } from '../../platforms/index.js';
import type { BrandSnapshot, PlannedPrompt, RunKind } from '../../db/schema/scanning.js';
import { PlatformError, type CompletionResult, type PlatformRegistry, type SimulationHint } from '../../platforms/index.js';
import { isBranded } from '../prompts/tagging.js';
import type { AnswerInput } from './answers.repo.js';

export type Analyzer = ReturnType<typeof createAnalyzer>;

export interface RunContext {
  id: string;
  accountId: string | null;
  brandId: string | null;
  kind: RunKind;
  brand: BrandSnapshot;
}

/** The stored row of a task, with the analysis typed. */
export type TaskRecord = AnswerInput & { analysis: AnswerAnalysis | null };

export type Outcome = { ok: true; result: CompletionResult } | { ok: false; error: PlatformError };

export function analyzerFor(brand: BrandSnapshot): Analyzer {
  return createAnalyzer(
    { name: brand.name, aliases: brand.aliases, ...(brand.website ? { website: brand.website } : {}) },
    { competitors: brand.competitors.map((c) => ({ name: c.name, aliases: c.aliases })) },
  );
}

/** A run's simulation hint, built once per run context (its tasks share it; the adapter encodes it once). */
const hints = new WeakMap<Pick<RunContext, 'id' | 'brand'>, SimulationHint>();
function simulationHint(run: Pick<RunContext, 'id' | 'brand'>): SimulationHint {
  let hint = hints.get(run);
  if (hint === undefined) {
    hint = {
      subject: { name: run.brand.name, aliases: run.brand.aliases },
      competitors: run.brand.competitors.map((c) => ({ name: c.name, aliases: c.aliases })),
      sample: run.id,
    };
    hints.set(run, hint);
  }
  return hint;
}

/** Whether a question names a tracked name: once per brand snapshot and question, not per platform's answer. */
const brandedQuestions = new WeakMap<BrandSnapshot, Map<string, boolean>>();
function branded(brand: BrandSnapshot, text: string): boolean {
  let known = brandedQuestions.get(brand);
  if (known === undefined) {
    known = new Map();
    brandedQuestions.set(brand, known);
  }
  let value = known.get(text);
  if (value === undefined) {
    value = isBranded(text, brand);
    known.set(text, value);
  }
  return value;
}

/**
 * Asks like a user would: the question alone, no system prompt steering the answer. In simulate
 * mode the adapter also tells the simulator whom the run is about and which sample (the run) this
 * is; a live platform never sees that hint.
 */
export async function ask(platforms: PlatformRegistry, platform: PlatformId, prompt: PlannedPrompt, run: Pick<RunContext, 'id' | 'brand'>, signal?: AbortSignal): Promise<Outcome> {
  try {
    const adapter = platforms.get(platform);
    const simulation = simulationHint(run);
    const result = await adapter.complete({ messages: [{ role: 'user', content: prompt.text }], simulation, ...(signal ? { signal } : {}) });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof PlatformError) return { ok: false, error };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: new PlatformError(platform, 'upstream_error', `${platform}: ${message.slice(0, 300)}`) };
  }
}

function base(run: RunContext, platform: PlatformId, prompt: PlannedPrompt) {
  return {
    runId: run.id,
    brandId: run.brandId,
    accountId: run.accountId,
    platform,
    promptId: prompt.id,
    promptText: prompt.text,
    promptHash: prompt.hash,
    stage: prompt.stage,
    intent: prompt.intent,
    locale: prompt.locale,
    branded: branded(run.brand, prompt.text),
  };
}

/** The stored record of one task: the analysed answer, or the failure with its kind. */
export function recordOf(
  run: RunContext,
  platform: PlatformId,
  prompt: PlannedPrompt,
  outcome: Outcome,
  analyzer: Analyzer,
  fallback: { model: string; simulated: boolean },
): TaskRecord {
  if (!outcome.ok) {
    return {
      ...base(run, platform, prompt),
      model: fallback.model,
      simulated: fallback.simulated,
      rawText: null,
      latencyMs: null,
      promptTokens: 0,
      completionTokens: 0,
      totalTokens: 0,
      costUsd: 0,
      errorKind: outcome.error.kind,
      errorMessage: outcome.error.message.slice(0, 1_000),
      analysis: null,
      mentioned: null,
      position: null,
      rank: null,
      sentimentLabel: null,
      sentimentScore: null,
      mentionCount: null,
      platformCitations: null,
      citations: [],
      competitors: [],
    };
  }
  const { result } = outcome;
  const analysis = analyzer.analyze(result.text, result.citations);
  return {
    ...base(run, platform, prompt),
    model: result.model,
    simulated: result.simulated,
    rawText: result.text,
    latencyMs: result.latencyMs,
    promptTokens: result.tokens.prompt,
    completionTokens: result.tokens.completion,
    totalTokens: result.tokens.total,
    costUsd: result.costUsd,
    errorKind: null,
    errorMessage: null,
    analysis,
    mentioned: analysis.mentioned,
    ...mentionColumns(analysis),
    platformCitations: result.citations,
    ...storedRowsOf(analysis),
  };
}

/**
 * The citation and competitor rows an analysis stores (answers.repo.ts), shared by a new answer
 * and a re-read one (reanalysis.service.ts). One citation row per grouping key (normalizedUrl),
 * holding the first URL as written with that key: citation share, top sources, picker and
 * authority count a page once per answer. Competitors: the mentioned ones, once each.
 */
export function storedRowsOf(analysis: AnswerAnalysis): Pick<AnswerInput, 'citations' | 'competitors'> {
  const keys = new Set<string>();
  const citations = analysis.citations.filter((c) => !keys.has(c.normalizedUrl) && keys.add(c.normalizedUrl));
  const seen = new Set<string>();
  const competitors = analysis.competitors.filter((c) => c.mentioned && !seen.has(c.name) && seen.add(c.name));
  return {
    citations: citations.map((c) => ({ url: c.url, normalizedUrl: c.normalizedUrl, domain: c.domain, context: c.context ?? '', source: String(c.source) })),
    competitors: competitors.map((c) => ({ name: c.name, ...mentionColumns(c) })),
  };
}

/** The stored columns of one name's analysis: the brand's on the answer row, a competitor's on its mention row. */
function mentionColumns(a: BrandAnalysis) {
  return {
    position: a.position,
    rank: a.rank,
    sentimentLabel: a.sentiment?.label ?? null,
    sentimentScore: a.sentiment?.score ?? null,
    mentionCount: a.mentionCount,
  };
}
