/**
 * Failure injection for the simulator, per platform: what the next requests should get instead of
 * a normal answer. A fault describes the platform's HTTP behaviour, so it applies to every request
 * to that platform (chat completions and the models listing used by pings alike).
 */
import type { PlatformId } from '../types.js';
import { seededRandom } from './random.js';

export type FaultStep =
  /** Answer normally. */
  | 'ok'
  /** Accept the request and never answer (until the client gives up or the simulator closes). */
  | 'hang'
  /** 200 with a body that is not valid JSON. */
  | 'malformed'
  | {
      status: number;
      /** Sent as `Retry-After`: seconds, or an HTTP date string. */
      retryAfter?: number | string;
      /** OpenAI-style `error.code`, e.g. `insufficient_quota`. */
      code?: string;
      type?: string;
      message?: string;
    };

export interface PlatformFaults {
  /** Consumed one per request, in order; afterwards `always` (or normal answers) applies. */
  sequence?: FaultStep[];
  /** Applied to every request once the sequence is used up. */
  always?: FaultStep;
  /** Share (0–1) of otherwise normal requests that fail with HTTP 500; seeded, so runs repeat. */
  failureRate?: number;
  /** Answer AEO rewrite tasks with almost-JSON (code fence, trailing comma) instead of JSON. */
  aeoInvalidJson?: boolean;
}

export type FaultPlan = Partial<Record<PlatformId, PlatformFaults>>;

/** Per-platform request counters and sequence positions for one simulator instance. */
export class FaultState {
  private readonly faults = new Map<PlatformId, PlatformFaults>();
  private readonly positions = new Map<PlatformId, number>();
  private readonly counts = new Map<PlatformId, number>();

  constructor(plan: FaultPlan = {}) {
    for (const [platform, faults] of Object.entries(plan) as [PlatformId, PlatformFaults | undefined][]) {
      if (faults) this.faults.set(platform, faults);
    }
  }

  /** Replace a platform's faults (undefined = healthy again); its sequence starts over. */
  set(platform: PlatformId, faults: PlatformFaults | undefined): void {
    if (faults) this.faults.set(platform, faults);
    else this.faults.delete(platform);
    this.positions.delete(platform);
  }

  get(platform: PlatformId): PlatformFaults | undefined {
    return this.faults.get(platform);
  }

  requestCount(platform: PlatformId): number {
    return this.counts.get(platform) ?? 0;
  }

  /** Counts the request and decides what it gets. */
  next(platform: PlatformId): FaultStep {
    const count = (this.counts.get(platform) ?? 0) + 1;
    this.counts.set(platform, count);
    const faults = this.faults.get(platform);
    if (!faults) return 'ok';
    const position = this.positions.get(platform) ?? 0;
    const sequence = faults.sequence ?? [];
    if (position < sequence.length) {
      this.positions.set(platform, position + 1);
      return sequence[position] as FaultStep;
    }
    if (faults.always !== undefined) return faults.always;
    if (faults.failureRate !== undefined && seededRandom(`${platform}:${count}`).next() < faults.failureRate) {
      return { status: 500, message: 'simulated upstream failure' };
    }
    return 'ok';
  }
}
