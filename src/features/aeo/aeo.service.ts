/**
 * AEO rewrite: one LLM call through the platform registry (system prompt marked with
 * AEO_REWRITE_MARKER so the simulator answers it in simulate mode), the answer parsed and
 * validated (rewrite-schema.ts) — repaired when it is almost-JSON, asked once more when it is not
 * usable, else a clear UPSTREAM_INVALID_RESPONSE — then scored (score.ts) and given its JSON-LD (jsonld.ts). The platform
 * cost is charged to usage as `aeo_rewrite`. Batches run the same rewriter as durable jobs
 * (aeo-batch.service.ts).
 */
import type { Static } from 'typebox';
import type { PlatformId } from '../../platforms/index.js';
import { DomainError, badRequest } from '../../lib/errors.js';
import { AEO_REWRITE_MARKER, parsePlatformId, PlatformError, toV1Id, type ChatMessage, type PlatformRegistry } from '../../platforms/index.js';
import type { UsageService } from '../usage/usage.service.js';
import type { AeoRewriteResponseSchema } from './aeo.schemas.js';
import { jsonLdOf } from './jsonld.js';
import { parseRewrite } from './rewrite-schema.js';
import { scoreAviv } from './score.js';

export const MAX_AEO_TEXT = 8000;
export const MAX_BATCH_ITEMS = 10;

const SYSTEM_PROMPT = `${AEO_REWRITE_MARKER} You rewrite a company's text so answer engines (AI search) can quote it.
Use only facts from the text; never invent figures, names or dates. Answer in the language of the text.
Reply with ONE JSON object and nothing else:
{"headline": string (≤ 80 chars, names the brand),
 "section_1_answer": string (the direct answer in 1–2 sentences),
 "section_2_evidence": string[] (3–6 checkable points: figures, sources, dates),
 "section_3_context": string (background, who it is for),
 "section_4_faq": [{"q": string (a question), "a": string}] (3–5 items)}`;

/** A platform call that failed: UPSTREAM_UNAVAILABLE for a request, and its kind tells a batch job whether to retry. */
export class RewritePlatformError extends DomainError {
  constructor(
    message: string,
    readonly platformError: PlatformError,
  ) {
    super('UPSTREAM_UNAVAILABLE', message);
  }
}

export interface RewriteInput {
  text: string;
  brand: string;
  audience?: string | undefined;
  platform?: string | undefined;
}

/** The model's rewrite with what the service adds: its score, source, cost and JSON-LD. */
export type RewriteResult = Static<typeof AeoRewriteResponseSchema>;

/** Chooses the platform and produces one rewrite; charging is the caller's. */
export function createRewriter(deps: { platforms: PlatformRegistry; now: () => number }) {
  const { platforms, now } = deps;

  function choosePlatform(requested: string | undefined | null): PlatformId {
    if (requested !== undefined && requested !== null) {
      const id = parsePlatformId(requested);
      if (!id) throw badRequest(`platform "${requested.slice(0, 40)}" is not a platform`, { field: 'platform' });
      if (!platforms.get(id).configured) throw badRequest(`Platform ${requested} is not configured on this server`, { field: 'platform' });
      return id;
    }
    const first = platforms.configured()[0];
    if (!first) throw new DomainError('SERVICE_UNAVAILABLE', 'No platform is configured for AEO rewrites; set a platform API key or use PLATFORMS_MODE=simulate.');
    return first.id;
  }

  /** One rewrite on platform `id`, not charged (the caller charges what succeeded). */
  async function generate(input: RewriteInput, id: PlatformId, signal?: AbortSignal): Promise<RewriteResult> {
    const adapter = platforms.get(id);
    const started = now();
    const user = JSON.stringify({ brand: input.brand, audience: input.audience ?? null, text: input.text });
    const messages: ChatMessage[] = [{ role: 'system', content: SYSTEM_PROMPT }, { role: 'user', content: user }];
    let cost = 0;
    let lastProblem = '';
    // Two calls at most: the first answer (repaired if almost-JSON), then one retry that says what was wrong.
    for (let attempt = 1; attempt <= 2; attempt++) {
      let text: string;
      try {
        const result = await adapter.complete({ messages, json: true, temperature: 0.2, maxTokens: 2000, ...(signal ? { signal } : {}) });
        cost += result.costUsd;
        text = result.text;
      } catch (error) {
        if (error instanceof PlatformError) throw new RewritePlatformError(`${toV1Id(id)} could not rewrite the text (${error.kind}): retry later or choose another platform.`, error);
        throw error;
      }
      const parsed = parseRewrite(text);
      if (parsed.ok) {
        const rewrite = parsed.value;
        return {
          ...rewrite,
          score_aviv: scoreAviv(rewrite, input.brand),
          source: toV1Id(id),
          latency_ms: Math.max(0, now() - started),
          cost_usd: Math.round(cost * 1e6) / 1e6,
          jsonld: jsonLdOf(rewrite, input.brand, input.audience, new Date(now())),
          simulated: adapter.simulated,
          repaired: parsed.repaired || attempt > 1,
        };
      }
      lastProblem = parsed.problem;
      messages.push({ role: 'assistant', content: text.slice(0, 4000) }, { role: 'user', content: `That reply was not usable: ${parsed.problem}. Reply again with only the JSON object.` });
    }
    throw new DomainError('UPSTREAM_INVALID_RESPONSE', `${toV1Id(id)} did not return a valid rewrite after a repair and a retry: ${lastProblem}. Retry, or choose another platform.`);
  }

  return { choosePlatform, generate };
}

export type Rewriter = ReturnType<typeof createRewriter>;

export function createAeoService(deps: { rewriter: Rewriter; usage: Pick<UsageService, 'record'> }) {
  const { rewriter, usage } = deps;
  return {
    /** One text, synchronously: rewritten, then its platform cost charged. */
    async rewrite(accountId: string, input: RewriteInput): Promise<RewriteResult> {
      const result = await rewriter.generate(input, rewriter.choosePlatform(input.platform));
      await usage.record(accountId, 'aeo_rewrite', 1, result.cost_usd.toFixed(6), null);
      return result;
    },
  };
}

export type AeoService = ReturnType<typeof createAeoService>;
