/**
 * Continuous monitoring. `tick()` (cron, every minute) starts a monitoring run for each brand whose
 * tier cadence is due, asking the picker's prompts, and sweeps finished runs whose after-run hooks
 * have not been applied. `afterRun(runId)` applies them: citation discovery, sentinel detectors,
 * competitor gaps and platform strength, uplift measurement, the authority snapshot. Every step is
 * idempotent, so a run processed twice (a retried job, a sweep racing a direct call) changes nothing.
 */
import type { PlatformId } from '../../platforms/index.js';
import type { Db, Executor } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Logger } from '../../lib/logger.js';
import { toV1Id, type PlatformRegistry } from '../../platforms/index.js';
import type { AuthorityService } from '../authority/authority.service.js';
import type { BrandRow, BrandService } from '../brands/brands.service.js';
import type { CitationService } from '../citations/citations.service.js';
import type { RollupsService } from '../metrics/rollups.service.js';
import { dayWindow } from '../metrics/window.js';
import type { PickerService } from '../picker/picker.service.js';
import type { ScanService } from '../scans/scans.service.js';
import type { SentinelService } from '../sentinel/sentinel.service.js';
import type { SuggestService } from '../suggest/suggest.service.js';
import { MONITOR_BRANDS_PER_TICK, MONITOR_INTERVAL_MS } from './cadence.js';
import type { EventSink } from '../events/event-sink.js';
import { AfterRunJob } from './monitoring.jobs.js';
import * as repo from './monitoring.repo.js';
import { aheadOf, priorityMove, STANDINGS_DAYS } from './standings.js';
import { platformDue, RECOVERY_SUCCESSES, slowerTier, throttledInterval, throttleState } from './throttle.js';
import type { ThrottleView } from './monitoring.schemas.js';
import type { Tier } from '../../db/schema/identity.js';

/** How long after a run finishes its post-run analysis starts, by default (docs/decisions.md). */
export const AFTER_RUN_DELAY_MS = 10_000;
const SWEEP_WINDOW_MS = 2 * 86_400_000;
/** Outcomes replayed for the polling back-off: the last 50 per platform of the last 30 days. */
const THROTTLE_OUTCOMES = 50;
const THROTTLE_LOOKBACK_MS = 30 * 86_400_000;

export interface MonitoringDeps {
  db: Db;
  queue: JobQueue;
  scans: Pick<ScanService, 'enqueueRun' | 'findRun' | 'platformOutcomes' | 'lastAskedByPlatform'>;
  brands: Pick<BrandService, 'find'>;
  rollups: RollupsService;
  picker: PickerService;
  citations: CitationService;
  sentinel: SentinelService;
  authority: AuthorityService;
  suggest: SuggestService;
  events: EventSink;
  platforms: PlatformRegistry;
  log: Logger;
  now: () => number;
  /** Delay before a finished run's after-run job may start (default AFTER_RUN_DELAY_MS; tests use 0). */
  afterRunDelayMs?: number | undefined;
}

export function createMonitoringService(deps: MonitoringDeps) {
  const { db, queue, scans, brands, rollups, picker, citations, sentinel, authority, suggest, events, platforms, log, now } = deps;
  const afterRunDelayMs = deps.afterRunDelayMs ?? AFTER_RUN_DELAY_MS;

  /** citation.gap.alert on a competitor overtaking; priority.changed on a ≥ 10-point move. */
  async function standings(brand: BrandRow): Promise<void> {
    const window = dayWindow(STANDINGS_DAYS, now());
    const [own, theirs, gaps, strength] = await Promise.all([
      rollups.countsByPlatform(brand.id, window.from),
      rollups.competitorCounts(brand.id, window.from),
      repo.gapState(db, brand.id),
      repo.strength(db, brand.id),
    ]);
    const at = new Date(now());
    for (const [platform, counts] of own) {
      const v1 = toV1Id(platform as PlatformId);
      const state = aheadOf({
        platform,
        answers: counts.answers,
        brand: brand.name,
        brandMentions: counts.mentions,
        competitors: theirs.filter((c) => c.platform === platform).map((c) => ({ name: c.competitor, mentions: c.mentions })),
      });
      const move = priorityMove(strength.get(platform) ?? null, counts.answers, counts.mentions);
      await db.transaction(async (tx) => {
        for (const o of state.overtakes) {
          if (gaps.get(`${platform}|${o.competitor}`) === true) continue; // already reported
          await repo.setGap(tx, brand.id, platform, o.competitor, true, at);
          await events.emit(tx, {
            event: 'citation.gap.alert',
            accountId: brand.accountId,
            brandId: brand.id,
            data: { platform: v1, competitor: o.competitor, brandRank: o.brandRank, competitorRank: o.competitorRank, observedAt: at.toISOString() },
            occurredAt: at,
          });
        }
        for (const name of state.caughtUp) if (gaps.get(`${platform}|${name}`) === true) await repo.setGap(tx, brand.id, platform, name, false, at);
        if (counts.answers >= 10 && (move || !strength.has(platform))) {
          await repo.setStrength(tx, brand.id, platform, Math.round((counts.mentions / counts.answers) * 10_000) / 10_000, at);
        }
        if (move) {
          await events.emit(tx, {
            event: 'priority.changed',
            accountId: brand.accountId,
            brandId: brand.id,
            data: { brandId: brand.id, platform: v1, before: strength.get(platform)!, after: move.after, delta: move.delta, observedAt: at.toISOString() },
            occurredAt: at,
          });
        }
      });
    }
  }

  async function afterRun(runId: string): Promise<void> {
    const run = await scans.findRun(runId);
    if (!run?.brandId || !run.accountId || (run.status !== 'completed' && run.status !== 'partial')) return;
    const brand = await brands.find(run.accountId, run.brandId);
    if (brand) {
      await citations.discover(run.id, run.accountId);
      await sentinel.runDetectors(brand);
      await standings(brand);
      await suggest.measureUplift(brand);
      await authority.score(brand);
    }
    await repo.markProcessed(db, run.id);
  }

  /**
   * The spec's polling back-off: replays the account's recent outcomes per platform, records any
   * change of throttle state (one log line each), and returns the platforms not due in this pass.
   */
  async function throttledOut(brandId: string, accountId: string, tier: Tier, platformIds: readonly string[]): Promise<Set<string>> {
    const at = now();
    const [outcomes, recorded, lastAsked] = await Promise.all([
      scans.platformOutcomes(accountId, new Date(at - THROTTLE_LOOKBACK_MS), THROTTLE_OUTCOMES),
      repo.throttles(db, accountId),
      scans.lastAskedByPlatform(brandId),
    ]);
    const before = new Map(recorded.map((r) => [r.platform, r]));
    const skip = new Set<string>();
    for (const platform of platformIds) {
      const state = throttleState(outcomes.filter((o) => o.platform === platform));
      if (state.level !== (before.get(platform)?.level ?? 0)) {
        await repo.setThrottle(db, accountId, platform, state);
        if (state.level > 0) log.warn({ accountId, platform, level: state.level, cadence: slowerTier(tier, state.level) }, `monitoring of ${platform} slowed for the account: ${state.reason}`);
        else log.info({ accountId, platform }, `monitoring of ${platform} back to the account's cadence after ${RECOVERY_SUCCESSES} answered questions`);
      }
      if (!platformDue(tier, state, lastAsked.get(platform), at)) skip.add(platform);
    }
    return skip;
  }

  /** Starts one monitoring pass for a due brand; returns the run id (null when nothing to ask). */
  async function startPass(due: { brandId: string; accountId: string; tier: Tier }, intervalMs = MONITOR_INTERVAL_MS[due.tier]): Promise<string | null> {
    const { brandId, accountId, tier } = due;
    const at = new Date(now());
    if (!(await repo.claimSlot(db, brandId, at, new Date(at.getTime() + intervalMs)))) return null;
    try {
      const brand = await brands.find(accountId, brandId);
      if (!brand) return null;
      const ranked = await picker.rank(brand, Number.MAX_SAFE_INTEGER);
      const skip = await throttledOut(brandId, accountId, tier, [...new Set(ranked.plan.flatMap((p) => p.platforms))]);
      const plan = ranked.plan.map((p) => ({ ...p, platforms: p.platforms.filter((id) => !skip.has(id)) })).filter((p) => p.platforms.length > 0);
      const ids = [...new Set(plan.flatMap((p) => p.platforms))] as PlatformId[];
      if (plan.length === 0 || ids.length === 0) return null;
      const run = await scans.enqueueRun({
        accountId,
        brandId,
        kind: 'monitor',
        brand: { name: brand.name, category: brand.category, website: brand.website, aliases: brand.aliases, competitors: brand.competitors, locale: brand.locale },
        platforms: ids,
        plan,
        promptPackId: null,
      });
      await repo.recordSlotRun(db, brandId, run?.id ?? null);
      return run?.id ?? null;
    } catch (error) {
      // Give the slot back so the next tick retries instead of waiting a whole cadence.
      await repo.recordSlotRun(db, brandId, null, at);
      throw error;
    }
  }

  return {
    afterRun,
    startPass,
    standings,

    /** The platforms this account monitors at a slower cadence, and why (dashboard). */
    async throttles(accountId: string, tier: Tier): Promise<ThrottleView[]> {
      return (await repo.throttles(db, accountId)).map((t) => ({
        platform: t.platform,
        level: t.level,
        cadence: slowerTier(tier, t.level),
        intervalHours: throttledInterval(tier, t.level) / 3_600_000,
        reason: t.reason,
        since: t.since.toISOString(),
      }));
    },
    /** How many accounts monitor each platform at a slower cadence (status; names no tenant). */
    throttledAccountCounts: () => repo.throttledAccountCounts(db),

    /**
     * The hook for the scan service: call after a run of a brand finished (inside its finishing
     * transaction if it likes, passing `tx`): enqueues the durable after-run job once per run.
     */
    async runFinished(runId: string, tx?: Executor): Promise<void> {
      // A few seconds late on purpose: a burst of probe tasks (what people wait for) finishes
      // before the post-run analysis competes with it for the database (one connection on PGlite).
      await queue.enqueue(AfterRunJob, { runId }, { ...(tx ? { tx } : {}), dedupeKey: runId, delayMs: afterRunDelayMs });
    },

    async tick(): Promise<{ started: number; swept: number }> {
      if (platforms.configured().length === 0) return { started: 0, swept: await sweep() };
      let started = 0;
      for (const due of await repo.dueBrands(db, new Date(now()), MONITOR_BRANDS_PER_TICK)) {
        try {
          if (await startPass(due)) started++;
        } catch (error) {
          log.error({ err: error, brandId: due.brandId }, 'monitoring pass not started');
        }
      }
      return { started, swept: await sweep() };
    },
  };

  async function sweep(): Promise<number> {
    const ids = await repo.unprocessedRuns(db, new Date(now() - SWEEP_WINDOW_MS), 200);
    if (ids.length > 0) await queue.enqueueMany(AfterRunJob, ids.map((runId) => ({ runId })), { dedupeKeys: ids });
    return ids.length;
  }
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
