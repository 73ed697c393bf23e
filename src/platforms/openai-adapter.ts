/**
 * The single PlatformAdapter implementation: every platform speaks the OpenAI chat protocol, so
 * one client class with per-platform base URL, model, price and policy covers all eight, and the
 * simulator is reached through exactly the same code.
 *
 * The protocol is spoken directly, not through the openai SDK: per call, one JSON.stringify of
 * the request body, one HTTP exchange on a keep-alive pool (http-exchange.ts), one JSON.parse of
 * the answer. The SDK built a request object, headers, an AbortController and a fetch Response
 * per call and parsed every answer through its own layers; with cockatiel's per-call timeout
 * signals that was most of a probe worker's CPU that was not analysis (bench/README.md, "Probe
 * pipeline"). Errors are read and worded as the SDK read them (errors.ts, HttpStatusError).
 */
import { PLATFORMS, costUsd } from './catalogue.js';
import { HttpStatusError, toPlatformError } from './errors.js';
import { exchange, headerOf, type Exchange, type HttpAnswer } from './http-exchange.js';
import { buildCallPolicies, type CallPolicies, type ResolvedPolicy } from './policy.js';
import { estimatePromptTokens, estimateTokens } from './tokens.js';
import { platformCalls } from '../lib/metrics.js';
import {
  encodeSimulationHint,
  PlatformError,
  SIMULATION_HEADER,
  type ChatMessage,
  type CompletionRequest,
  type CompletionResult,
  type PingResult,
  type PlatformAdapter,
  type PlatformId,
  type SimulationHint,
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

const USER_AGENT = 'Sightline (OpenAI-compatible chat client)';

/** The chat completion body as sent. */
interface ChatCompletionBody {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  response_format?: { type: 'json_object' };
}

/** What is read from an answer; anything may be missing, a misbehaving proxy can send anything. */
interface ChatCompletion {
  model?: unknown;
  choices?: Array<{ message?: { content?: unknown } | null } | null>;
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
  /** Perplexity's sources. */
  citations?: unknown;
  search_results?: unknown;
}

/** Where one platform is reached: built once per adapter, from its base URL and key. */
interface Endpoint {
  origin: string;
  completionsPath: string;
  modelsPath: string;
  /** Request headers, as undici's flat name/value list. */
  headers: string[];
}

function endpointOf(baseUrl: string, apiKey: string): Endpoint {
  const url = new URL(baseUrl);
  const base = url.pathname.replace(/\/+$/, '');
  return {
    origin: url.origin,
    completionsPath: `${base}/chat/completions${url.search}`,
    modelsPath: `${base}/models${url.search}`,
    headers: ['authorization', `Bearer ${apiKey}`, 'content-type', 'application/json', 'accept', 'application/json', 'user-agent', USER_AGENT],
  };
}

/** One call's state across its attempts: the attempt in flight, so a caller's abort can drop it. */
interface CallState {
  attempts: number;
  inflight: Exchange | undefined;
  abortedBy: Error | undefined;
}

/** The simulation header of a hint, encoded once per hint object (one per run, shared by its tasks). */
const encodedHints = new WeakMap<SimulationHint, string>();
function encodedHint(hint: SimulationHint): string {
  let value = encodedHints.get(hint);
  if (value === undefined) {
    value = encodeSimulationHint(hint);
    encodedHints.set(hint, value);
  }
  return value;
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
  private readonly endpoint: Endpoint | undefined;
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
    // The key is the one given for this platform: nothing is read from OPENAI_* variables.
    this.endpoint = settings.apiKey === undefined ? undefined : endpointOf(settings.baseUrl, settings.apiKey);
  }

  /** The breaker state, for status pages and tests. */
  get circuitState(): 'closed' | 'open' | 'half_open' | 'isolated' {
    return (['closed', 'open', 'half_open', 'isolated'] as const)[this.policies.breaker.state] ?? 'closed';
  }

  async complete(request: CompletionRequest): Promise<CompletionResult> {
    const endpoint = this.endpoint;
    if (endpoint === undefined) {
      throw new PlatformError(this.id, 'not_configured', `${this.id}: not configured (set ${this.id.toUpperCase()}_API_KEY)`);
    }
    const caller = request.signal;
    if (caller?.aborted) throw new PlatformError(this.id, 'aborted', `${this.id}: call aborted by caller`);
    // Built once per call, sent as is by every attempt.
    const body = JSON.stringify(this.body(request));
    const headers =
      this.simulated && request.simulation ? [...endpoint.headers, SIMULATION_HEADER, encodedHint(request.simulation)] : endpoint.headers;
    const state: CallState = { attempts: 0, inflight: undefined, abortedBy: undefined };
    const started = performance.now();
    try {
      // The caller's signal goes to cockatiel as is (retry stops on it, the bulkhead queue drops
      // on it); it gets one listener per call, here, and only when there is a signal.
      const call = this.policies.call.execute(() => this.attempt(endpoint, body, headers, request, state), caller);
      const result = caller === undefined ? await call : await untilAborted(call, caller, state);
      platformCalls.observe({ platform: this.id, outcome: 'ok' }, (performance.now() - started) / 1000);
      return { ...result, attempts: state.attempts };
    } catch (error) {
      const failure = this.classify(error, caller);
      platformCalls.observe({ platform: this.id, outcome: failure.kind }, (performance.now() - started) / 1000);
      throw failure;
    }
  }

  async ping(signal?: AbortSignal): Promise<PingResult> {
    const base = { platform: this.id, configured: this.configured, simulated: this.simulated };
    const endpoint = this.endpoint;
    if (endpoint === undefined) return { ...base, ok: false, latencyMs: 0, error: 'not configured' };
    const started = performance.now();
    const timeoutMs = this.settings.policy.pingTimeoutMs;
    const elapsed = (): number => Math.round(performance.now() - started);
    const state: CallState = { attempts: 1, inflight: undefined, abortedBy: undefined };
    try {
      if (signal?.aborted) throw signal.reason;
      // `GET {baseURL}/models`: authenticated, cheap, and costs no tokens.
      state.inflight = exchange({ origin: endpoint.origin, method: 'GET', path: endpoint.modelsPath, headers: endpoint.headers, timeoutMs });
      const answer = await (signal === undefined ? state.inflight.done : untilAborted(state.inflight.done, signal, state));
      // A platform without a models listing still answered, with a valid key: it is reachable.
      if ((answer.status >= 200 && answer.status < 300) || answer.status === 404 || answer.status === 405) {
        return { ...base, ok: true, latencyMs: elapsed() };
      }
      throw new HttpStatusError(answer.status, answer.body, headerOf(answer, 'retry-after'));
    } catch (error) {
      const message = toPlatformError(error, { platform: this.id, callerSignal: signal, timeoutMs }).message;
      return { ...base, ok: false, latencyMs: elapsed(), error: message };
    }
  }

  /** One HTTP attempt under the per-attempt deadline; every failure leaves here as a PlatformError. */
  private async attempt(endpoint: Endpoint, body: string, headers: string[], request: CompletionRequest, state: CallState): Promise<CompletionResult> {
    state.attempts++;
    try {
      if (state.abortedBy !== undefined) throw state.abortedBy;
      const started = performance.now();
      const pending = exchange({
        origin: endpoint.origin,
        method: 'POST',
        path: endpoint.completionsPath,
        headers,
        body,
        timeoutMs: this.settings.policy.timeoutMs,
      });
      state.inflight = pending;
      const answer = await pending.done;
      state.inflight = undefined;
      return this.toResult(this.parse(answer), request, performance.now() - started);
    } catch (error) {
      state.inflight = undefined;
      throw this.classify(error, request.signal);
    }
  }

  private body(request: CompletionRequest): ChatCompletionBody {
    const body: ChatCompletionBody = { model: this.model, messages: request.messages };
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
    if (request.json && JSON_MODE.has(this.id)) body.response_format = { type: 'json_object' };
    return body;
  }

  /**
   * The answer's body, read as the openai SDK read it: an error status throws HttpStatusError; a
   * JSON media type is parsed (once); any other body is returned as text (and then fails as an
   * answer without message text).
   */
  private parse(answer: HttpAnswer): unknown {
    if (answer.status < 200 || answer.status >= 300) {
      throw new HttpStatusError(answer.status, answer.body, headerOf(answer, 'retry-after'));
    }
    if (answer.status === 204) return null;
    const mediaType = headerOf(answer, 'content-type')?.split(';')[0]?.trim();
    const isJson = mediaType !== undefined && (mediaType.includes('application/json') || mediaType.endsWith('+json'));
    if (!isJson) return answer.body;
    if (headerOf(answer, 'content-length') === '0') return undefined;
    return JSON.parse(answer.body) as unknown;
  }

  private toResult(parsed: unknown, request: CompletionRequest, latencyMs: number): CompletionResult {
    const completion = parsed as ChatCompletion | null | undefined;
    const text = completion?.choices?.[0]?.message?.content;
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
      citations: sourcesOf(completion),
      simulated: this.simulated,
    };
  }

  private classify(error: unknown, callerSignal: AbortSignal | undefined): PlatformError {
    return toPlatformError(error, { platform: this.id, callerSignal, timeoutMs: this.settings.policy.timeoutMs });
  }
}

/** Perplexity's `citations` (URL strings) then any further `search_results[].url`, deduplicated. */
function sourcesOf(body: ChatCompletion): string[] {
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
  return urls.length === 0 ? urls : [...new Set(urls)];
}

/**
 * Settles as soon as the caller's signal aborts, so a caller is never held by a backoff sleep it
 * cancelled, and drops the attempt in flight so its connection and bulkhead slot are freed.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, state: CallState): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      const reason = signal.reason instanceof Error ? signal.reason : new Error('aborted');
      state.abortedBy = reason;
      state.inflight?.cancel(reason);
      reject(reason);
    };
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
