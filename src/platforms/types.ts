/**
 * The one interface every LLM platform is reached through. Services depend on this,
 * never on the HTTP exchange or the simulator directly.
 */
import type { PlatformId } from './catalogue.js';

export type { PlatformId };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * Simulate mode only: whom a monitoring question is about, so the simulator can answer like a
 * platform that knows the brand under test and its competitors, and which sample this is (the run),
 * so repeated runs on one day are distinct samples. Live adapters never send it.
 */
export interface SimulationHint {
  subject: { name: string; aliases: string[] };
  competitors: Array<{ name: string; aliases: string[] }>;
  /** Identifies the sample (a run id): the same sample always gets the same answer. */
  sample: string;
}

export const SIMULATION_HEADER = 'x-sightline-simulation';

/** The hint as an ASCII header value (names are often Chinese). */
export const encodeSimulationHint = (hint: SimulationHint): string => encodeURIComponent(JSON.stringify(hint));

export interface CompletionRequest {
  messages: ChatMessage[];
  /** Read by the simulator only (simulate mode); see SimulationHint. */
  simulation?: SimulationHint;
  temperature?: number;
  maxTokens?: number;
  /** Ask for a JSON object answer (response_format json_object) where the platform supports it. */
  json?: boolean;
  signal?: AbortSignal;
}

export interface TokenUsage {
  prompt: number;
  completion: number;
  total: number;
}

export interface CompletionResult {
  platform: PlatformId;
  model: string;
  text: string;
  tokens: TokenUsage;
  costUsd: number;
  latencyMs: number;
  /** Platform-reported sources (Perplexity `citations` / `search_results`), in the platform's order. */
  citations: string[];
  /** True when the answer came from Sightline's own simulator, never from the real platform. */
  simulated: boolean;
  /** HTTP attempts made for this answer (1 when no retry was needed). */
  attempts?: number;
}

export interface PingResult {
  platform: PlatformId;
  ok: boolean;
  configured: boolean;
  simulated: boolean;
  latencyMs: number;
  error?: string;
}

/** Why a platform call failed; decides retry and the HTTP status a caller sees. */
export type PlatformErrorKind =
  | 'not_configured'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'bad_request'
  | 'auth_failed'
  | 'upstream_error'
  | 'timeout'
  | 'bad_response'
  | 'circuit_open'
  | 'aborted';

export class PlatformError extends Error {
  constructor(
    readonly platform: PlatformId,
    readonly kind: PlatformErrorKind,
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

export interface PlatformInfo {
  id: PlatformId;
  /** v1 surface name (`glm` for `zhipu`). */
  v1Id: string;
  /** Chinese display name. */
  zh: string;
  /** Display name in English. */
  name: string;
}

export interface PlatformAdapter extends PlatformInfo {
  readonly configured: boolean;
  readonly simulated: boolean;
  readonly model: string;
  complete(request: CompletionRequest): Promise<CompletionResult>;
  ping(signal?: AbortSignal): Promise<PingResult>;
}

export interface PlatformRegistry {
  get(id: PlatformId): PlatformAdapter;
  all(): readonly PlatformAdapter[];
  /** Adapters that can be called (a key in live mode, or simulate mode). */
  configured(): readonly PlatformAdapter[];
  close(): Promise<void>;
}
