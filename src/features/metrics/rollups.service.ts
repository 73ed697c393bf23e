/**
 * The daily rollups as a service: the one way a feature reads per-day answer counts (dashboard,
 * sentinel, authority, picker, monitoring). Each read is scoped to a brand (or an account) and a
 * first day, and sums whole days only.
 */
import type { Db } from '../../db/client.js';
import * as repo from './rollups.repo.js';

import type { PromptFilter } from './rollups.repo.js';

export type { CompetitorCounts, PromptFilter } from './rollups.repo.js';
export type { EngineVersionCount } from './engine-versions.js';

export function createRollupsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    countsByDay: (brandId: string, from: string, prompts: PromptFilter = 'all') => repo.countsByDay(db, brandId, from, prompts),
    countsByDayPlatform: (brandId: string, from: string, prompts: PromptFilter = 'all') => repo.countsByDayPlatform(db, brandId, from, prompts),
    countsByPlatform: (brandId: string, from: string, prompts: PromptFilter = 'all') => repo.countsByPlatform(db, brandId, from, prompts),
    countsByPrompt: (brandId: string, from: string, prompts: PromptFilter = 'all') => repo.countsByPrompt(db, brandId, from, prompts),
    countsByStage: (brandId: string, from: string, prompts: PromptFilter = 'all') => repo.countsByStage(db, brandId, from, prompts),
    competitorCounts: (brandId: string, from: string, prompts: PromptFilter = 'all') => repo.competitorCounts(db, brandId, from, prompts),
    promptDayCounts: (brandId: string, from: string) => repo.promptDayCounts(db, brandId, from),
    headlineCounts: (brandId: string, prevFrom: string) => repo.headlineCounts(db, brandId, prevFrom),
    headlineCompetitorMentions: (brandId: string, prevFrom: string, from: string) =>
      repo.headlineCompetitorMentions(db, brandId, prevFrom, from),
    countsByBrand: (accountId: string, from: string) => repo.countsByBrand(db, accountId, from),
    /** Which analysis engine version(s) read the answers a figure counts (engine-versions.ts). */
    engineVersions: (brandId: string, from: string, prompts: PromptFilter = 'all') => repo.engineVersions(db, brandId, from, prompts),
    engineVersionsByAccount: (accountId: string, from: string) => repo.engineVersionsByAccount(db, accountId, from),
  };
}

export type RollupsService = ReturnType<typeof createRollupsService>;
