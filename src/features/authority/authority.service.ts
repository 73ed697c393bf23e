/**
 * Authority: scores the brand (formula.ts) from the last 30 days, stores one snapshot per UTC day
 * and reports `trend7d` = today's geoScore − the geoScore of the latest snapshot at least 7 days
 * old (0 with `trendFrom: null` until such a snapshot exists).
 */
import { parse } from 'tldts';
import type { Db } from '../../db/client.js';
import type { BrandRow, BrandService } from '../brands/brands.service.js';
import { sumCounts, ZERO_COUNTS } from '../metrics/counts.js';
import type { RollupsService } from '../metrics/rollups.service.js';
import { addDays, dayWindow } from '../metrics/window.js';
import * as repo from './authority.repo.js';
import { authorityOf, AUTHORITY_DAYS } from './formula.js';

export function createAuthorityService(deps: { db: Db; brands: BrandService; rollups: RollupsService; now: () => number }) {
  const { db, brands, rollups, now } = deps;

  /** Computes today's score and stores it as today's snapshot. */
  async function score(brand: BrandRow) {
    const at = now();
    const window = dayWindow(AUTHORITY_DAYS, at);
    const ownDomain = brand.website ? (parse(brand.website).domain ?? null) : null;
    const [byStage, cited] = await Promise.all([
      rollups.countsByStage(brand.id, window.from),
      repo.citationCounts(db, brand.id, window.since, ownDomain),
    ]);
    const result = authorityOf({
      counts: sumCounts([...byStage.values()]),
      decisionCounts: sumCounts([byStage.get('desire') ?? ZERO_COUNTS, byStage.get('action') ?? ZERO_COUNTS]),
      ownCitedAnswers: cited.own,
      authoritativeMentions: cited.authoritative,
    });
    const scoredAt = new Date(at);
    await repo.upsertSnapshot(db, { brandId: brand.id, day: window.to, scoredAt, ...result });
    const basis = await repo.snapshotOnOrBefore(db, brand.id, addDays(window.to, -7));
    return {
      brandId: brand.id,
      scoredAt: scoredAt.toISOString(),
      ...result,
      trend7d: basis ? Math.round((result.geoScore - basis.geoScore) * 10) / 10 : 0,
      trendFrom: basis ? basis.day : null,
      windowDays: AUTHORITY_DAYS,
    };
  }

  return {
    score,
    async get(accountId: string, brandId: string) {
      return score(await brands.owned(accountId, brandId));
    },
  };
}

export type AuthorityService = ReturnType<typeof createAuthorityService>;
