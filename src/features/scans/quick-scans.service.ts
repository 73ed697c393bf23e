/**
 * The two synchronous scans of the legacy surface: the free check (3 Chinese platforms × 3
 * questions, no account needed) and the full query (up to 8 platforms, charged). Both store a run
 * with every answer; both answer 502 when every platform failed (nothing seen, nothing charged).
 */
import { PLATFORM_IDS, type PlatformId } from '../../platforms/index.js';
import type { BrandSnapshot, PromptLocale } from '../../db/schema/scanning.js';
import { DomainError, badRequest } from '../../lib/errors.js';
import { PLATFORMS, type PlatformRegistry } from '../../platforms/index.js';
import type { BrandService } from '../brands/brands.service.js';
import { localeFor } from '../prompts/locale.js';
import { planPrompts, slotPrompts, type NewPrompt } from '../prompts/prompts.service.js';
import { FREE_CHECK_SLOTS, FREE_CHECK_SLOTS_WITHOUT_CATEGORY } from '../prompts/templates.js';
import { freeCheckReport } from './free-check-report.js';
import type { ScanService, TaskRecord } from './scans.service.js';
import { parsePlatformList } from '../probes/probes.service.js';

export const FREE_CHECK_PLATFORMS: readonly PlatformId[] = ['deepseek', 'kimi', 'doubao'];
export const QUERY_MODES = ['all'] as const;

export interface FreeCheckInput {
  brand_name: string;
  industry?: string | undefined;
  aliases?: string[] | undefined;
  competitors?: Array<string | { name: string; aliases?: string[] | undefined }> | undefined;
}

const cleanNames = (values: readonly string[] | undefined): string[] => [...new Set((values ?? []).map((v) => v.trim()).filter((v) => v !== ''))];

function competitorSpecs(input: FreeCheckInput['competitors']) {
  const seen = new Set<string>();
  return (input ?? []).flatMap((c) => {
    const spec = typeof c === 'string' ? { name: c.trim(), aliases: [] } : { name: c.name.trim(), aliases: cleanNames(c.aliases) };
    if (spec.name === '' || seen.has(spec.name.toLowerCase())) return [];
    seen.add(spec.name.toLowerCase());
    return [spec];
  });
}

export interface QueryInput {
  brand: string;
  category: string;
  platforms?: string[] | undefined;
}

function summaryOf(platforms: readonly PlatformId[], records: readonly TaskRecord[]) {
  return platforms.map((platform) => {
    const mine = records.filter((r) => r.platform === platform);
    const answered = mine.filter((r) => r.errorKind === null);
    return {
      platform,
      total: answered.length,
      mentions: answered.filter((r) => r.mentioned).length,
      positive: answered.filter((r) => r.mentioned && r.sentimentLabel === 'positive').length,
      failed: mine.length - answered.length,
    };
  });
}

function allFailed(runId: string, records: readonly TaskRecord[]): DomainError {
  const errors = [...new Map(records.map((r) => [r.platform, { platform: r.platform, kind: r.errorKind, message: r.errorMessage }])).values()];
  return new DomainError('UPSTREAM_UNAVAILABLE', `Every platform failed to answer (${errors.map((e) => `${e.platform}: ${e.kind}`).join(', ')}); nothing was charged. Retry with exponential backoff, or use other platforms.`, { details: { runId, errors } });
}

function questions(snapshot: BrandSnapshot, platforms: readonly PlatformId[], locale: PromptLocale | null): NewPrompt[] {
  const input = { brand: snapshot.name, category: snapshot.category, competitors: snapshot.competitors.map((c) => c.name) };
  const slots = snapshot.category.trim() === '' ? FREE_CHECK_SLOTS_WITHOUT_CATEGORY : FREE_CHECK_SLOTS;
  const locales = [...new Set(platforms.map((p) => localeFor(p, locale)))];
  return locales.flatMap((l) => slotPrompts(input, l, slots));
}

export function createQuickScanService(deps: { scans: ScanService; brands: BrandService; platforms: PlatformRegistry }) {
  const { scans, brands, platforms } = deps;

  return {
    async freeCheck(input: FreeCheckInput, accountId: string | null) {
      const brand: BrandSnapshot = {
        name: input.brand_name.trim(),
        category: input.industry?.trim() ?? '',
        website: null,
        aliases: cleanNames(input.aliases).filter((a) => a !== input.brand_name.trim()),
        competitors: competitorSpecs(input.competitors),
        locale: null,
      };
      if (brand.name === '') throw badRequest('brand_name must not be blank', { field: 'brand_name' });
      const plan = planPrompts(questions(brand, FREE_CHECK_PLATFORMS, null), FREE_CHECK_PLATFORMS, null);
      const { run, answers } = await scans.runNow({ accountId, brandId: null, kind: 'free_check', brand, platforms: [...FREE_CHECK_PLATFORMS], plan, promptPackId: null });
      if (run.status === 'failed') throw allFailed(run.id, answers);
      return {
        runId: run.id,
        status: run.status,
        simulated: run.simulated,
        platforms: [...FREE_CHECK_PLATFORMS],
        summary: summaryOf(FREE_CHECK_PLATFORMS, answers),
        ...freeCheckReport(brand, FREE_CHECK_PLATFORMS, answers),
      };
    },

    async query(accountId: string, input: QueryInput, mode: string | undefined) {
      if (mode !== undefined && !(QUERY_MODES as readonly string[]).includes(mode)) {
        throw badRequest(`mode must be "all" (scan all ${PLATFORM_IDS.length} platforms) or absent`, { field: 'mode' });
      }
      const ids: PlatformId[] =
        mode === 'all' ? [...PLATFORM_IDS] : input.platforms !== undefined ? parsePlatformList(input.platforms) : platforms.configured().map((p) => p.id);
      if (ids.length === 0) throw badRequest('No platform is configured; set a platform API key or use PLATFORMS_MODE=simulate', { field: 'platforms' });
      const name = input.brand.trim();
      const category = input.category.trim();
      if (name === '') throw badRequest('brand must not be blank', { field: 'brand' });
      if (category === '') throw badRequest('category must not be blank', { field: 'category' });
      // A query about one of the account's brands is linked to it (history, dashboards) and uses
      // its aliases and competitors; any other name is scanned and stored unlinked.
      const known = await brands.findByName(accountId, name);
      const brand: BrandSnapshot = known
        ? { name: known.name, category, website: known.website, aliases: known.aliases, competitors: known.competitors, locale: known.locale }
        : { name, category, website: null, aliases: [], competitors: [], locale: null };
      const plan = planPrompts(questions(brand, ids, brand.locale), ids, brand.locale);
      const { run, answers } = await scans.runNow({ accountId, brandId: known?.id ?? null, kind: 'query', brand, platforms: ids, plan, promptPackId: null });
      if (run.status === 'failed') throw allFailed(run.id, answers);
      return {
        runId: run.id,
        status: run.status,
        brand: name,
        brandId: run.brandId,
        category,
        platforms: ids,
        simulated: run.simulated,
        costUsd: run.costUsd,
        chargedUsd: run.chargedUsd,
        summary: summaryOf(ids, answers),
        errors: answers.filter((a) => a.errorKind !== null).map((a) => ({ platform: a.platform, prompt: a.promptText, kind: a.errorKind!, message: a.errorMessage ?? '' })),
        runs: plan.map((p) => ({
          prompt: p.text,
          promptHash: p.hash,
          stage: p.stage,
          intent: p.intent,
          locale: p.locale,
          results: answers
            .filter((a) => a.promptHash === p.hash && a.errorKind === null)
            .map((a) => ({
              platform: a.platform,
              zh: PLATFORMS[a.platform as PlatformId].zh,
              model: a.model,
              text: a.rawText ?? '',
              analysis: a.analysis,
              latencyMs: a.latencyMs,
              tokens: { prompt: a.promptTokens, completion: a.completionTokens, total: a.totalTokens },
              costUsd: a.costUsd,
              simulated: a.simulated,
            })),
        })),
      };
    },
  };
}

export type QuickScanService = ReturnType<typeof createQuickScanService>;
