/**
 * The single PlatformAdapter implementation: every platform speaks the OpenAI chat protocol, so
 * one client class with per-platform base URL, model, price and policy covers all eight, and the
 * simulator is reached through exactly the same code.
 */
import OpenAI, { APIError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { PLATFORMS, costUsd } from './catalogue.js';
import { leanFetch } from './lean-fetch.js';
import { toPlatformError } from './errors.js';
import { buildCallPolicies, type CallPolicies, type ResolvedPolicy } from './policy.js';
import { estimatePromptTokens, estimateTokens } from './tokens.js';
import { platformCalls } from '../lib/metrics.js';
import {
  encodeSimulationHint,
  PlatformError,
  SIMULATION_HEADER,
  type CompletionRequest,
  type CompletionResult,
  type PingResult,
  type PlatformAdapter,
  type PlatformId,
} from './types.js';

export interface AdapterSettings {
  platform: PlatformId;
  /** Absent in live mode when `<ID>_API_KEY` is not set: the adapter is then "not configured". */
  apiKey: string | undefined;
  baseUrl: string;
  model: string;
  simulated: boolean;
  policy: ResolvedPolicy;
}

/** Platforms whose OpenAI-compatible endpoint accepts `response_format: {type: 'json_object'}`. */
const JSON_MODE: ReadonlySet<PlatformId> = new Set(['deepseek', 'kimi', 'zhipu', 'qwen', 'chatgpt', 'gemini']);

/** Fields some platforms add to the chat completion body (the SDK passes them through). */
interface SourceFields {
  citations?: unknown;
  search_results?: unknown;
}

export class OpenAICompatibleAdapter implements PlatformAdapter {
  readonly id: PlatformId;
  readonly v1Id: string;
  readonly zh: string;
  readonly name: string;
  readonly configured: boolean;
  readonly simulated: boolean;
  readonly model: string;
  readonly baseUrl: string;
  private readonly client: OpenAI | undefined;
  private readonly policies: CallPolicies;

  constructor(private readonly settings: AdapterSettings) {
    const definition = PLATFORMS[settings.platform];
    this.id = settings.platform;
    this.v1Id = definition.v1Id;
    this.zh = definition.zh;
    this.name = definition.name;
    this.model = settings.model;
    this.baseUrl = settings.baseUrl;
    this.simulated = settings.simulated;
    this.configured = settings.apiKey !== undefined;
    this.policies = buildCallPolicies(settings.policy);
    this.client =
      settings.apiKey === undefined
        ? undefined
        : new OpenAI({
            apiKey: settings.apiKey,
            baseURL: settings.baseUrl,
            // The SDK's own timeout is only a backstop behind our per-attempt timeout policy, and it
            // must never retry by itself: one retry policy only, ours.
            timeout: settings.policy.timeoutMs + 1_000,
            maxRetries: 0,
            // Explicit nulls stop the SDK from picking OpenAI credentials out of the environment
            // and sending them to another vendor.
            organization: null,
            project: null,
            adminAPIKey: null,
            webhookSecret: null,
            logLevel: 'off',
            fetch: leanFetch,
          });
  }

  /** The breaker state, for status pages and tests. */
  get circuitState(): 'closed' | 'open' | 'half_open' | 'isolated' {
    return (['closed', 'open', 'half_open', 'isolated'] as const)[this.policies.breaker.state] ?? 'closed';
  }

  async complete(request: CompletionRequest): Promise<CompletionResult> {
    const client = this.client;
    if (client === undefined) {
      throw new PlatformError(this.id, 'not_configured', `${this.id}: not configured (set ${this.id.toUpperCase()}_API_KEY)`);
    }
    if (request.signal?.aborted) throw new PlatformError(this.id, 'aborted', `${this.id}: call aborted by caller`);
    // A signal of our own per call: cockatiel hangs a listener on the signal it is given for
    // every policy layer, and a signal shared by many concurrent calls (the caller's, or
    // cockatiel's "never aborted" default) would collect hundreds of them.
    const { signal: callSignal, dispose } = linkedSignal(request.signal);
    let attempts = 0;
    const call = this.policies.retry.execute(({ signal }) => {
      attempts++;
      return this.policies.breaker.execute(
        ({ signal: breakerSignal }) =>
          this.policies.bulkhead.execute(
            ({ signal: slotSignal }) => this.attempt(client, request, slotSignal, callSignal),
            breakerSignal,
          ),
        signal,
      );
    }, callSignal);
    const started = performance.now();
    try {
      const result = await raceAbort(call, callSignal);
      platformCalls.observe({ platform: this.id, outcome: 'ok' }, (performance.now() - started) / 1000);
      return { ...result, attempts };
    } catch (error) {
      const failure = this.classify(error, callSignal);
      platformCalls.observe({ platform: this.id, outcome: failure.kind }, (performance.now() - started) / 1000);
      throw failure;
    } finally {
      dispose();
    }
  }

  async ping(signal?: AbortSignal): Promise<PingResult> {
    const base = { platform: this.id, configured: this.configured, simulated: this.simulated };
    if (this.client === undefined) return { ...base, ok: false, latencyMs: 0, error: 'not configured' };
    const started = performance.now();
    const timeoutMs = this.settings.policy.pingTimeoutMs;
    const deadline = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const elapsed = (): number => Math.round(performance.now() - started);
    try {
      // `GET {baseURL}/models`: authenticated, cheap, and costs no tokens.
      await raceAbort(this.client.models.list({ signal: combined, timeout: timeoutMs, maxRetries: 0 }), combined);
      return { ...base, ok: true, latencyMs: elapsed() };
    } catch (error) {
      // A platform without a models listing still answered, with a valid key: it is reachable.
      if (error instanceof APIError && (error.status === 404 || error.status === 405)) {
        return { ...base, ok: true, latencyMs: elapsed() };
      }
      const timedOut = deadline.aborted && !signal?.aborted;
      const message = timedOut
        ? `${this.id}: no answer within ${timeoutMs} ms`
        : toPlatformError(error, { platform: this.id, callerSignal: signal, timeoutMs }).message;
      return { ...base, ok: false, latencyMs: elapsed(), error: message };
    }
  }

  /** One HTTP attempt under the per-attempt timeout; every failure leaves here as a PlatformError. */
  private async attempt(
    client: OpenAI,
    request: CompletionRequest,
    signal: AbortSignal,
    callSignal: AbortSignal,
  ): Promise<CompletionResult> {
    try {
      return await this.policies.timeout.execute(async (_context, attemptSignal) => {
        const started = performance.now();
        const hint = this.simulated && request.simulation ? { headers: { [SIMULATION_HEADER]: encodeSimulationHint(request.simulation) } } : {};
        const completion = await client.chat.completions.create(this.body(request), { signal: attemptSignal, ...hint });
        return this.toResult(completion, request, performance.now() - started);
      }, signal);
    } catch (error) {
      throw this.classify(error, callSignal);
    }
  }

  private body(request: CompletionRequest): ChatCompletionCreateParamsNonStreaming {
    const body: ChatCompletionCreateParamsNonStreaming = { model: this.model, messages: request.messages };
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
    if (request.json && JSON_MODE.has(this.id)) body.response_format = { type: 'json_object' };
    return body;
  }

  private toResult(completion: ChatCompletion, request: CompletionRequest, latencyMs: number): CompletionResult {
    // The SDK types promise a shape; a misbehaving proxy or platform can send anything.
    const choice = (completion as Partial<ChatCompletion> | null | undefined)?.choices?.[0];
    const text = choice?.message?.content;
    if (typeof completion !== 'object' || completion === null || typeof text !== 'string') {
      throw new PlatformError(this.id, 'bad_response', `${this.id}: answer has no message text`);
    }
    const usage = completion.usage;
    // No usage block: estimate rather than book the call as free.
    const prompt = usage?.prompt_tokens ?? estimatePromptTokens(request.messages);
    const completionTokens = usage?.completion_tokens ?? estimateTokens(text);
    return {
      platform: this.id,
      model: typeof completion.model === 'string' && completion.model !== '' ? completion.model : this.model,
      text,
      tokens: { prompt, completion: completionTokens, total: usage?.total_tokens ?? prompt + completionTokens },
      costUsd: costUsd(this.id, prompt, completionTokens),
      latencyMs: Math.round(latencyMs),
      citations: sourcesOf(completion as ChatCompletion & SourceFields),
      simulated: this.simulated,
    };
  }

  private classify(error: unknown, callerSignal: AbortSignal | undefined): PlatformError {
    return toPlatformError(error, { platform: this.id, callerSignal, timeoutMs: this.settings.policy.timeoutMs });
  }
}

/** Perplexity's `citations` (URL strings) then any further `search_results[].url`, deduplicated. */
function sourcesOf(body: SourceFields): string[] {
  const urls: string[] = [];
  if (Array.isArray(body.citations)) {
    for (const item of body.citations) if (typeof item === 'string') urls.push(item);
  }
  if (Array.isArray(body.search_results)) {
    for (const item of body.search_results) {
      const url = (item as { url?: unknown } | null)?.url;
      if (typeof url === 'string') urls.push(url);
    }
  }
  return [...new Set(urls)];
}

/** A fresh signal that aborts when the parent does; dispose() unhooks it from the parent. */
function linkedSignal(parent: AbortSignal | undefined): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  if (parent === undefined) return { signal: controller.signal, dispose: () => {} };
  const onAbort = (): void => controller.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, dispose: () => parent.removeEventListener('abort', onAbort) };
}

/** Settles as soon as the signal aborts, so a caller is never held by a backoff sleep it cancelled. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason ?? new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
