/**
 * v1 probes: trigger a run of a brand's prompt pack on some platforms as durable jobs, and read
 * its status with per-platform and per-prompt results. An `Idempotency-Key` makes a retried
 * trigger return the run the first request created (IETF httpapi idempotency draft semantics).
 */
import { createHash } from 'node:crypto';
import type { PlatformId } from '../../platforms/index.js';
import type { BrandSnapshot } from '../../db/schema/scanning.js';
import { DomainError, badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { parsePlatformId, PLATFORMS, toV1Id, type PlatformRegistry } from '../../platforms/index.js';
import type { BrandService } from '../brands/brands.service.js';
import { planPrompts, type PromptService } from '../prompts/prompts.service.js';
import type { RunRow, ScanService } from '../scans/scans.service.js';
import { probeStatus } from './probe-status.js';
import { createCompletionEstimator } from './estimate.js';

export interface TriggerInput {
  brandId: string;
  platforms?: string[] | undefined;
  promptPackId?: string | undefined;
}

export interface TriggerResponse {
  runId: string;
  status: string;
  brandId: string;
  platforms: string[];
  estimatedCompletionMs: number;
  promptPackId: string | null;
  tasks: number;
  simulated: boolean;
}

/** Legacy or v1 ids → legacy ids, deduplicated, order kept; an unknown id is a 400 naming it. */
export function parsePlatformList(raw: readonly string[], field = 'platforms'): PlatformId[] {
  if (raw.length === 0) throw badRequest(`${field} must list at least one platform`, { field });
  const out: PlatformId[] = [];
  raw.forEach((value, i) => {
    const id = parsePlatformId(value);
    if (!id) {
      const known = Object.values(PLATFORMS).map((p) => p.v1Id).join(', ');
      throw badRequest(`${field}.${i} "${value.slice(0, 40)}" is not a platform; use one of ${known} (zhipu is accepted for glm)`, { field: `${field}.${i}` });
    }
    if (!out.includes(id)) out.push(id);
  });
  return out;
}

function snapshotOf(brand: Awaited<ReturnType<BrandService['owned']>>): BrandSnapshot {
  return {
    name: brand.name,
    category: brand.category,
    website: brand.website,
    aliases: brand.aliases,
    competitors: brand.competitors,
    locale: brand.locale,
  };
}

function requestHash(brandId: string, platforms: readonly PlatformId[], packId: string | null): string {
  return createHash('sha256').update(JSON.stringify({ brandId, platforms: [...platforms].sort(), packId })).digest('hex');
}

function triggerResponse(run: RunRow): TriggerResponse {
  return {
    runId: run.id,
    // The trigger answers what the run was when created; GET /api/v1/probes/:id has the rest.
    status: 'queued',
    brandId: run.brandId ?? '',
    platforms: run.platforms.map((p) => toV1Id(p as PlatformId)),
    estimatedCompletionMs: run.estimatedCompletionMs ?? 0,
    promptPackId: run.promptPackId,
    tasks: run.tasksTotal,
    simulated: run.simulated,
  };
}

export function createProbeService(deps: {
  brands: BrandService;
  prompts: PromptService;
  scans: ScanService;
  platforms: PlatformRegistry;
  now: () => number;
}) {
  const { brands, prompts, scans, platforms } = deps;
  const estimateCompletionMs = createCompletionEstimator({ scans, now: deps.now });

  function replay(run: RunRow, hash: string): { response: TriggerResponse; replayed: true } {
    if (run.requestHash !== hash) {
      throw new DomainError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used with a different request body; send a new key for a new request.',
      );
    }
    return { response: triggerResponse(run), replayed: true };
  }

  return {
    /** `key`: the caller's Idempotency-Key (validated by the route), replaying the run it started. */
    async trigger(accountId: string, input: TriggerInput, key?: string): Promise<{ response: TriggerResponse; replayed: boolean }> {
      const brand = await brands.owned(accountId, input.brandId);
      const ids = input.platforms === undefined ? platforms.configured().map((p) => p.id) : parsePlatformList(input.platforms);
      if (ids.length === 0) throw badRequest('No platform is configured; set a platform API key or use PLATFORMS_MODE=simulate', { field: 'platforms' });
      if (input.promptPackId !== undefined && !isUuid(input.promptPackId)) throw notFound('Prompt pack');
      const hash = requestHash(brand.id, ids, input.promptPackId ?? null);
      if (key) {
        const existing = await scans.findByIdempotencyKey(accountId, key);
        if (existing) return replay(existing, hash);
      }
      const pack = await prompts.promptsForProbe(accountId, brand.id, input.promptPackId);
      const plan = planPrompts(pack.prompts, ids, brand.locale);
      const estimate = await estimateCompletionMs(plan);
      const run = await scans.enqueueRun({
        accountId,
        brandId: brand.id,
        kind: 'probe',
        brand: snapshotOf(brand),
        platforms: ids,
        plan,
        promptPackId: pack.packId,
        idempotencyKey: key ?? null,
        requestHash: hash,
        estimatedCompletionMs: estimate,
      });
      if (run) return { response: triggerResponse(run), replayed: false };
      // A concurrent request with the same key won the insert: answer with its run.
      const winner = key ? await scans.findByIdempotencyKey(accountId, key) : undefined;
      if (!winner) throw new Error('probe run insert returned nothing');
      return replay(winner, hash);
    },

    async status(accountId: string, runId: string) {
      const run = isUuid(runId) ? await scans.findAccountRun(accountId, runId) : undefined;
      if (!run) throw notFound('Probe run');
      return probeStatus(run, await scans.answersOfRun(run.id));
    },
  };
}

export type ProbeService = ReturnType<typeof createProbeService>;
