/**
 * AEO rewrite: one LLM call through the platform registry (system prompt marked with
 * AEO_REWRITE_MARKER so the simulator answers it in simulate mode), the answer parsed and
 * validated (rewrite-schema.ts) — repaired when it is almost-JSON, asked once more when it is not
 * usable, else a clear 502 — then scored (score.ts) and given its JSON-LD (jsonld.ts). The platform
 * cost is charged to usage as `aeo_rewrite`. A batch runs several rewrites and raises
 * `aeo.batch.completed`.
 */
import type { PlatformId } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, upstreamUnavailable } from '../../http/errors.js';
import { AEO_REWRITE_MARKER, parsePlatformId, PlatformError, toV1Id, type ChatMessage, type PlatformRegistry } from '../../platforms/index.js';
import type { BrandService } from '../brands/brands.service.js';
import type { EventSink } from '../monitoring/events-port.js';
import type { UsageService } from '../usage/usage.service.js';
import * as repo from './aeo.repo.js';
import { jsonLdOf } from './jsonld.js';
import { parseRewrite, type ModelRewrite } from './rewrite-schema.js';
import { scoreAviv, scoreOriginal } from './score.js';

export const MAX_AEO_TEXT = 8000;
export const MAX_BATCH_ITEMS = 10;
const BATCH_CONCURRENCY = 2;

const SYSTEM_PROMPT = `${AEO_REWRITE_MARKER} You rewrite a company's text so answer engines (AI search) can quote it.
Use only facts from the text; never invent figures, names or dates. Answer in the language of the text.
Reply with ONE JSON object and nothing else:
{"headline": string (≤ 80 chars, names the brand),
 "section_1_answer": string (the direct answer in 1–2 sentences),
 "section_2_evidence": string[] (3–6 checkable points: figures, sources, dates),
 "section_3_context": string (background, who it is for),
 "section_4_faq": [{"q": string (a question), "a": string}] (3–5 items)}`;

export interface RewriteInput {
  text: string;
  brand: string;
  audience?: string | undefined;
  platform?: string | undefined;
}

export interface RewriteResult extends ModelRewrite {
  score_aviv: number;
  source: string;
  latency_ms: number;
  cost_usd: number;
  jsonld: string;
  simulated: boolean;
  repaired: boolean;
}

export function createAeoService(deps: {
  db: Db;
  platforms: PlatformRegistry;
  usage: Pick<UsageService, 'record'>;
  brands: BrandService;
  events: EventSink;
  now: () => number;
}) {
  const { db, platforms, usage, brands, events, now } = deps;

  function choosePlatform(requested: string | undefined): PlatformId {
    if (requested !== undefined) {
      const id = parsePlatformId(requested);
      if (!id) throw badRequest(`body.platform "${requested.slice(0, 40)}" is not a platform`, { field: 'platform' });
      if (!platforms.get(id).configured) throw badRequest(`Platform ${requested} is not configured on this server`, { field: 'platform' });
      return id;
    }
    const first = platforms.configured()[0];
    if (!first) throw new AppError('SERVICE_UNAVAILABLE', 503, 'No platform is configured for AEO rewrites; set a platform API key or use PLATFORMS_MODE=simulate.');
    return first.id;
  }

  /** One rewrite, not charged (the caller charges what succeeded). */
  async function generate(input: RewriteInput): Promise<RewriteResult> {
    const id = choosePlatform(input.platform);
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
        const result = await adapter.complete({ messages, json: true, temperature: 0.2, maxTokens: 2000 });
        cost += result.costUsd;
        text = result.text;
      } catch (error) {
        if (error instanceof PlatformError) throw upstreamUnavailable(`${toV1Id(id)} could not rewrite the text (${error.kind}): retry later or choose another platform.`);
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
    throw new AppError('UPSTREAM_INVALID_RESPONSE', 502, `${toV1Id(id)} did not return a valid rewrite after a repair and a retry: ${lastProblem}. Retry, or choose another platform.`);
  }

  async function charge(accountId: string, cost: number): Promise<void> {
    await usage.record(accountId, 'aeo_rewrite', 1, cost.toFixed(6), null);
  }

  return {
    async rewrite(accountId: string, input: RewriteInput): Promise<RewriteResult> {
      const result = await generate(input);
      await charge(accountId, result.cost_usd);
      return result;
    },

    /** Several texts of one brand; failures are reported per item and do not fail the batch. */
    async batch(accountId: string, input: { brandId: string; audience?: string | undefined; platform?: string | undefined; items: Array<{ text: string; audience?: string | undefined }> }) {
      const brand = await brands.owned(accountId, input.brandId);
      const results: Array<{ index: number; ok: true; rewrite: RewriteResult } | { index: number; ok: false; error: { code: string; message: string } }> = [];
      let next = 0;
      const worker = async () => {
        while (next < input.items.length) {
          const index = next++;
          const item = input.items[index]!;
          try {
            const rewrite = await generate({ text: item.text, brand: brand.name, audience: item.audience ?? input.audience, platform: input.platform });
            results.push({ index, ok: true, rewrite });
          } catch (error) {
            if (error instanceof AppError && error.status >= 500) results.push({ index, ok: false, error: { code: error.code, message: error.message } });
            else throw error;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, input.items.length) }, worker));
      results.sort((a, b) => a.index - b.index);
      const ok = results.filter((r): r is { index: number; ok: true; rewrite: RewriteResult } => r.ok);
      const gains = ok.map((r) => (r.rewrite.score_aviv - scoreOriginal(input.items[r.index]!.text, brand.name)) / 100);
      const citationGain = gains.length > 0 ? Math.round((gains.reduce((s, g) => s + g, 0) / gains.length) * 10_000) / 10_000 : 0;
      const cost = ok.reduce((s, r) => s + r.rewrite.cost_usd, 0);
      const batch = await db.transaction(async (tx) => {
        const row = await repo.insertBatch(tx, { accountId, brandId: brand.id, successCount: ok.length, failureCount: results.length - ok.length, citationGain, createdAt: new Date(now()) });
        await events.emit(tx, {
          event: 'aeo.batch.completed',
          accountId,
          brandId: brand.id,
          data: { batchId: row.id, successCount: row.successCount, failureCount: row.failureCount, rewritten: row.successCount, citationGain },
        });
        return row;
      });
      if (ok.length > 0) await usage.record(accountId, 'aeo_rewrite', ok.length, (Math.round(cost * 1e6) / 1e6).toFixed(6), batch.id);
      return { batchId: batch.id, brandId: brand.id, successCount: batch.successCount, failureCount: batch.failureCount, citationGain, results };
    },
  };
}

export type AeoService = ReturnType<typeof createAeoService>;
