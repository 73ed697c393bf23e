/**
 * How long a new probe should take, from what the platforms did lately and what is queued:
 * per platform, (queued tasks + this run's tasks) / the platform's concurrency × its median
 * latency over its last 50 answers; the run takes as long as its slowest platform. Without
 * history a platform is assumed to take DEFAULT_LATENCY_MS per answer. An estimate, not a promise.
 */
import type { PlatformId } from '../../platforms/index.js';
import type { PlannedPrompt } from '../../db/schema/scanning.js';
import { PLATFORMS } from '../../platforms/index.js';
import type { ScanService } from '../scans/scans.service.js';

export const DEFAULT_LATENCY_MS = 3_000;
/** The latency history changes slowly; reading it once every few seconds is plenty. */
const CACHE_MS = 5_000;

export function estimateFrom(
  tasksByPlatform: ReadonlyMap<string, number>,
  pending: ReadonlyMap<string, number>,
  latencies: ReadonlyMap<string, number>,
): number {
  let slowest = 0;
  for (const [platform, tasks] of tasksByPlatform) {
    const concurrency = PLATFORMS[platform as PlatformId]?.policy.concurrency ?? 1;
    const waves = Math.ceil(((pending.get(platform) ?? 0) + tasks) / concurrency);
    slowest = Math.max(slowest, waves * (latencies.get(platform) ?? DEFAULT_LATENCY_MS));
  }
  return Math.round(slowest);
}

/** The estimator of one probe service, owning its latency cache (timed by the injected clock). */
export function createCompletionEstimator(deps: { scans: Pick<ScanService, 'estimateInputs'>; now: () => number }) {
  const { scans, now } = deps;
  let cache: { at: number; key: string; value: Map<string, number> } | undefined;
  return async function estimateCompletionMs(plan: readonly PlannedPrompt[]): Promise<number> {
    const tasks = new Map<string, number>();
    for (const prompt of plan) for (const p of prompt.platforms) tasks.set(p, (tasks.get(p) ?? 0) + 1);
    const ids = [...tasks.keys()].sort();
    const key = ids.join(',');
    const at = now();
    if (!cache || cache.key !== key || at - cache.at > CACHE_MS) {
      cache = { at, key, value: await scans.estimateInputs.recentLatencies(ids) };
    }
    const pending = await scans.estimateInputs.pendingTasks();
    return estimateFrom(tasks, pending, cache.value);
  };
}
