/**
 * The picker: which of a brand's prompts to sample next, highest predicted information gain first
 * (priority.ts). GET /api/v1/picker and the monitoring scheduler both call `rank`, so the
 * scheduler samples exactly what the endpoint shows.
 */
import type { PlatformId } from '../../platforms/index.js';
import type { Db } from '../../db/client.js';
import type { PlannedPrompt } from '../../db/schema/scanning.js';
import { toV1Id, type PlatformRegistry } from '../../platforms/index.js';
import type { BrandRow, BrandService } from '../brands/brands.service.js';
import { planPrompts, type PromptService } from '../prompts/prompts.service.js';
import type { RollupsService } from '../metrics/rollups.service.js';
import { addDays, DAY_MS, dayWindow } from '../metrics/window.js';
import * as repo from './picker.repo.js';
import { HISTORY_DAYS, pickCount, priorityOf, type DayCount, type PickReason } from './priority.js';

export const DEFAULT_PICKER_LIMIT = 50;
export const MAX_PICKER_LIMIT = 200;

export interface PickerItem {
  promptId: string;
  prompt: string;
  promptHash: string;
  stage: string;
  priorityScore: number;
  lastSampledAt: string | null;
  reason: PickReason;
  platforms: string[];
}

export interface Ranked {
  brandId: string;
  promptCount: number;
  items: PickerItem[];
  /** The picked prompts as a run plan (their platforms by the locale rule). */
  plan: PlannedPrompt[];
}

export function createPickerService(deps: { db: Db; brands: BrandService; prompts: PromptService; rollups: RollupsService; platforms: PlatformRegistry; now: () => number }) {
  const { db, brands, prompts, rollups, platforms, now } = deps;

  async function rank(brand: BrandRow, limit: number): Promise<Ranked> {
    const pack = await prompts.promptsForProbe(brand.accountId, brand.id, undefined);
    const configured = platforms.configured().map((p) => p.id as PlatformId);
    const plan = planPrompts(pack.prompts, configured, brand.locale);
    const today = dayWindow(1, now()).from;
    const from = addDays(today, -(HISTORY_DAYS - 1));
    const [counts, last] = await Promise.all([
      rollups.promptDayCounts(brand.id, from),
      repo.lastSampled(db, brand.id, plan.map((p) => p.hash)),
    ]);
    const byKey = new Map<string, DayCount[]>();
    const todayMs = Date.parse(`${today}T00:00:00Z`);
    for (const c of counts) {
      const key = `${c.promptHash}|${c.platform}`;
      const list = byKey.get(key) ?? [];
      list.push({ age: Math.round((todayMs - Date.parse(`${c.day}T00:00:00Z`)) / DAY_MS), answers: c.answers, mentions: c.mentions });
      byKey.set(key, list);
    }
    const scored = plan.map((p) => {
      const lastAt = last.get(p.hash) ?? null;
      const { score, reason } = priorityOf({
        platforms: p.platforms.map((platform) => ({ platform, days: byKey.get(`${p.hash}|${platform}`) ?? [] })),
        lastSampledAgeDays: lastAt ? (now() - lastAt.getTime()) / DAY_MS : null,
      });
      return { p, score, reason, lastAt };
    });
    // Highest gain first; ties by the oldest (or missing) last sample, then by hash (stable).
    scored.sort(
      (a, b) =>
        b.score - a.score ||
        (a.lastAt?.getTime() ?? -1) - (b.lastAt?.getTime() ?? -1) ||
        a.p.hash.localeCompare(b.p.hash),
    );
    const chosen = scored.slice(0, pickCount(plan.length, limit));
    return {
      brandId: brand.id,
      promptCount: plan.length,
      plan: chosen.map((c) => c.p),
      items: chosen.map(({ p, score, reason, lastAt }) => ({
        promptId: p.id ?? p.hash,
        prompt: p.text,
        promptHash: p.hash,
        stage: p.stage,
        priorityScore: score,
        lastSampledAt: lastAt ? lastAt.toISOString() : null,
        reason,
        platforms: p.platforms.map((id) => toV1Id(id as PlatformId)),
      })),
    };
  }

  return {
    rank,
    async pick(accountId: string, brandId: string, limit: number) {
      const brand = await brands.owned(accountId, brandId);
      const ranked = await rank(brand, limit);
      return { brandId: brand.id, items: ranked.items, total: ranked.items.length, promptCount: ranked.promptCount };
    },
  };
}

export type PickerService = ReturnType<typeof createPickerService>;
