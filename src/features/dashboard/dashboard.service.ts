/**
 * The seven legacy dashboard data endpoints. Each returns `rows` (the same rows the CSV export
 * writes) plus window facts; every rate carries its sample size and 95 % Wilson interval. All
 * counts come from the daily rollups (dashboard.repo.ts); formulas are in metrics/counts.ts and
 * docs/metrics.md. Each answer also says which analysis engine version(s) read the answers it
 * counts (`engineVersions`, docs/metrics.md "Engine version").
 */
import { PLATFORM_IDS, type PlatformId } from '../../platforms/index.js';
import type { Db } from '../../db/client.js';
import { AIDA_STAGES } from '../../db/schema/scanning.js';
import { platformInfo } from '../../platforms/index.js';
import type { BrandService } from '../brands/brands.service.js';
import type { ScanService } from '../scans/scans.service.js';
import { averageRank, averageSentiment, negativeShare, positiveShare, rateColumns, sumCounts, visibility, ZERO_COUNTS, type AnswerCounts } from '../metrics/counts.js';
import type { RollupsService } from '../metrics/rollups.service.js';
import { rate } from '../metrics/wilson.js';
import { dayWindow, daysOf, type DayWindow } from '../metrics/window.js';
import { detectNegativeSpike } from '../sentinel/detectors.js';
import type { SentinelService } from '../sentinel/sentinel.service.js';
import { headlineOf } from './headline.js';
import * as repo from './dashboard.repo.js';
import type { AidaFunnel, BrandComparison, CompetitorBreakdown, CrisisIncidents, Headline, PromptBreakdown, SentimentOverview, Timeseries } from './dashboard.schemas.js';
import type { PromptFilter } from '../metrics/rollups.service.js';

export type { PromptFilter } from '../metrics/rollups.service.js';

export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 90;

/** The columns shared by every "counts" row: sample size, visibility, sentiment shares, rank. */
export function summaryColumns(c: AnswerCounts) {
  return {
    answers: c.answers,
    mentions: c.mentions,
    ...rateColumns('visibility', visibility(c)),
    positives: c.positives,
    negatives: c.negatives,
    ...rateColumns('positiveShare', positiveShare(c)),
    ...rateColumns('negativeShare', negativeShare(c)),
    avgRank: averageRank(c).value,
    rankedMentions: c.rankCount,
    avgSentiment: averageSentiment(c).value,
  };
}

const windowFacts = (w: DayWindow) => ({ days: w.days, from: w.from, to: w.to });

export function createDashboardService(deps: {
  db: Db;
  brands: BrandService;
  rollups: RollupsService;
  sentinel: SentinelService;
  scans: Pick<ScanService, 'runsByDay'>;
  now: () => number;
}) {
  const { db, brands, rollups, sentinel, scans, now } = deps;

  async function scope(accountId: string, brandId: string, days: number) {
    const brand = await brands.owned(accountId, brandId);
    return { brand, window: dayWindow(days, now()) };
  }

  return {
    /**
     * One row per UTC day of the window (days without answers are zero rows); `runs` counts the
     * runs that finished that day (the chart's markers: where new answers came from).
     */
    async timeseries(accountId: string, brandId: string, days: number, prompts: PromptFilter = 'all'): Promise<Timeseries> {
      const { brand, window } = await scope(accountId, brandId, days);
      const [counted, engineVersions, runs] = await Promise.all([
        rollups.countsByDay(brand.id, window.from, prompts),
        rollups.engineVersions(brand.id, window.from, prompts),
        scans.runsByDay(brand.id, window.from),
      ]);
      const byDay = new Map(counted.map((r) => [r.day, r.counts]));
      const rows = daysOf(window).map((day) => ({ day, ...summaryColumns(byDay.get(day) ?? ZERO_COUNTS), runs: runs.get(day) ?? 0 }));
      return { brandId: brand.id, ...windowFacts(window), prompts, engineVersions, total: summaryColumns(sumCounts([...byDay.values()])), rows };
    },

    /**
     * Per platform (all 8, in catalogue order): the brand and each competitor, with mention rate
     * over the platform's answers and share of voice among all brand + competitor mentions.
     */
    async competitors(accountId: string, brandId: string, days: number, prompts: PromptFilter = 'all'): Promise<CompetitorBreakdown> {
      const { brand, window } = await scope(accountId, brandId, days);
      const [byPlatform, competitorRows, engineVersions] = await Promise.all([
        rollups.countsByPlatform(brand.id, window.from, prompts),
        rollups.competitorCounts(brand.id, window.from, prompts),
        rollups.engineVersions(brand.id, window.from, prompts),
      ]);
      const names = [...new Set([...brand.competitors.map((c) => c.name), ...competitorRows.map((c) => c.competitor)])];
      const rows = PLATFORM_IDS.flatMap((platform) => {
        const own = byPlatform.get(platform) ?? ZERO_COUNTS;
        const theirs = new Map(competitorRows.filter((c) => c.platform === platform).map((c) => [c.competitor, c]));
        const voice = own.mentions + [...theirs.values()].reduce((s, c) => s + c.mentions, 0);
        const info = platformInfo(platform as PlatformId);
        const entry = (name: string, isBrand: boolean, mentions: number, positives: number, rankSum: number, rankCount: number) => ({
          platform: info.v1Id,
          platformName: info.zh,
          name,
          isBrand,
          answers: own.answers,
          mentions,
          ...rateColumns('mentionRate', rate(mentions, own.answers)),
          ...rateColumns('shareOfVoice', rate(mentions, voice)),
          ...rateColumns('positiveShare', rate(positives, mentions)),
          avgRank: rankCount > 0 ? Math.round((rankSum / rankCount) * 10_000) / 10_000 : null,
          rankedMentions: rankCount,
        });
        const competitorEntries = names.map((name) => {
          const c = theirs.get(name);
          return entry(name, false, c?.mentions ?? 0, c?.positives ?? 0, c?.rankSum ?? 0, c?.rankCount ?? 0);
        });
        return [entry(brand.name, true, own.mentions, own.positives, own.rankSum, own.rankCount), ...competitorEntries];
      });
      return { brandId: brand.id, ...windowFacts(window), prompts, engineVersions, rows };
    },

    /** Hit rate per monitored prompt (the brand's pack plus any prompt answered in the window), lowest first. */
    async prompts(accountId: string, brandId: string, days: number, prompts: PromptFilter = 'all'): Promise<PromptBreakdown> {
      const { brand, window } = await scope(accountId, brandId, days);
      const [counted, engineVersions] = await Promise.all([rollups.countsByPrompt(brand.id, window.from, prompts), rollups.engineVersions(brand.id, window.from, prompts)]);
      const texts = await repo.promptTexts(db, accountId, brand.id, counted.map((c) => c.promptHash));
      const ranked = counted.map((c) => {
        const hit = visibility(c.counts);
        const row = {
          promptHash: c.promptHash,
          prompt: texts.get(c.promptHash) ?? '',
          stage: c.stage,
          branded: c.branded,
          answers: c.counts.answers,
          mentions: c.counts.mentions,
          ...rateColumns('hitRate', hit),
          avgRank: averageRank(c.counts).value,
          lastDay: c.lastDay,
        };
        return { hit: hit.rate ?? 2, row };
      });
      // The prompts where the brand is missing most are where content budget goes first.
      ranked.sort((a, b) => a.hit - b.hit || b.row.answers - a.row.answers || a.row.promptHash.localeCompare(b.row.promptHash));
      const rows = ranked.map((r) => r.row);
      return { brandId: brand.id, ...windowFacts(window), prompts, engineVersions, total: rows.length, rows };
    },

    /** Mention rate per AIDA stage, in funnel order (all four stages, zero rows included). */
    async aida(accountId: string, brandId: string, days: number, prompts: PromptFilter = 'all'): Promise<AidaFunnel> {
      const { brand, window } = await scope(accountId, brandId, days);
      const [byStage, engineVersions] = await Promise.all([rollups.countsByStage(brand.id, window.from, prompts), rollups.engineVersions(brand.id, window.from, prompts)]);
      const rows = AIDA_STAGES.map((stage) => ({ stage, ...summaryColumns(byStage.get(stage) ?? ZERO_COUNTS) }));
      return { brandId: brand.id, ...windowFacts(window), prompts, engineVersions, rows };
    },

    /**
     * The headline row (docs/metrics.md, "Headline figures"): unbranded visibility, share of
     * voice, average position and net sentiment over the window, each against the window before.
     */
    async headline(accountId: string, brandId: string, days: number): Promise<Headline> {
      const { brand, window } = await scope(accountId, brandId, days);
      const previous = dayWindow(days, window.since.getTime() - 1);
      const [byDay, competitorMentions, engineVersions] = await Promise.all([
        rollups.headlineCounts(brand.id, previous.from),
        rollups.headlineCompetitorMentions(brand.id, previous.from, window.from),
        rollups.engineVersions(brand.id, window.from),
      ]);
      const counts = byDay.map((r) => ({ ...r, current: r.day >= window.from }));
      const answeredDays = [...new Set(counts.filter((r) => r.current && r.counts.answers > 0).map((r) => r.day))];
      const tracked = new Set(brand.competitors.map((c) => c.name));
      return {
        brandId: brand.id,
        ...windowFacts(window),
        previous: windowFacts(previous),
        // The current window's answers (the previous window's are compared, not reported).
        engineVersions,
        ...headlineOf(counts, competitorMentions.filter((c) => tracked.has(c.competitor)), answeredDays, tracked.size),
      };
    },

    /** Every brand of the account side by side, highest visibility first. */
    async compare(accountId: string, days: number): Promise<BrandComparison> {
      const window = dayWindow(days, now());
      const [list, byBrand, engineVersions] = await Promise.all([
        brands.list(accountId),
        rollups.countsByBrand(accountId, window.from),
        rollups.engineVersionsByAccount(accountId, window.from),
      ]);
      const rows = list.map((b) => ({ brandId: b.id, name: b.name, ...summaryColumns(byBrand.get(b.id) ?? ZERO_COUNTS) }));
      rows.sort((a, b) => (b.visibility ?? -1) - (a.visibility ?? -1) || a.name.localeCompare(b.name));
      return { ...windowFacts(window), engineVersions, rows };
    },

    /**
     * Sentiment per day among mentions, the window's totals, and alerts: negative-spike incidents
     * active in the window plus the live check of the last 2 days against the window before them.
     */
    async sentiment(accountId: string, brandId: string, days: number, prompts: PromptFilter = 'all'): Promise<SentimentOverview> {
      const { brand, window } = await scope(accountId, brandId, days);
      const [counted, engineVersions] = await Promise.all([rollups.countsByDay(brand.id, window.from, prompts), rollups.engineVersions(brand.id, window.from, prompts)]);
      const byDay = new Map(counted.map((r) => [r.day, r.counts]));
      const rows = daysOf(window).map((day) => {
        const c = byDay.get(day) ?? ZERO_COUNTS;
        return {
          day,
          mentions: c.mentions,
          positives: c.positives,
          neutrals: c.mentions - c.positives - c.negatives,
          negatives: c.negatives,
          ...rateColumns('negativeShare', negativeShare(c)),
          avgSentiment: averageSentiment(c).value,
        };
      });
      const dayList = daysOf(window);
      const cut = dayList[Math.max(0, dayList.length - 2)]!;
      const recent = sumCounts([...byDay].filter(([d]) => d >= cut).map(([, c]) => c));
      const baseline = sumCounts([...byDay].filter(([d]) => d < cut).map(([, c]) => c));
      const live = window.days > 2 ? detectNegativeSpike(recent, baseline) : null;
      const incidents = await sentinel.history(brand.id, { since: window.since, types: ['negative_spike'] });
      const total = sumCounts([...byDay.values()]);
      return {
        brandId: brand.id,
        ...windowFacts(window),
        engineVersions,
        totals: { mentions: total.mentions, positives: total.positives, neutrals: total.mentions - total.positives - total.negatives, negatives: total.negatives, positiveShare: positiveShare(total), negativeShare: negativeShare(total), avgSentiment: averageSentiment(total).value },
        alerts: [
          ...(live ? [{ source: 'live' as const, severity: live.severity, title: live.title, incidentId: null, status: null, openedAt: null }] : []),
          ...incidents.map((i) => ({ source: 'incident' as const, severity: i.severity, title: i.title, incidentId: i.id, status: i.status, openedAt: i.openedAt })),
        ],
        rows,
      };
    },

    /** The brand's sentinel incidents of every type and status, highest severity first. */
    async crisis(accountId: string, brandId: string): Promise<CrisisIncidents> {
      const brand = await brands.owned(accountId, brandId);
      const incidents = await sentinel.history(brand.id);
      const rows = incidents.map((i) => ({ id: i.id, type: i.type, severity: i.severity, status: i.status, title: i.title, evidenceCount: i.evidenceCount, openedAt: i.openedAt, updatedAt: i.updatedAt, resolvedAt: i.resolvedAt }));
      return { brandId: brand.id, total: rows.length, rows };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
