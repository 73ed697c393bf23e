/**
 * Static facts about the eight platforms: names, endpoints, default models, list prices and the
 * call policy each one gets. Everything here is data; the adapter turns it into behaviour.
 */
import type { PlatformInfo } from './types.js';

/** The eight platforms, by the ids the legacy surface and the configuration use. */
export const PLATFORM_IDS = [
  'deepseek',
  'kimi',
  'zhipu',
  'qwen',
  'doubao',
  'chatgpt',
  'gemini',
  'perplexity',
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/** USD per 1 000 000 tokens (and per request where the platform charges one). */
export interface PriceTable {
  inputPerMTok: number;
  outputPerMTok: number;
  /** Flat fee per request (Perplexity charges one for its web search). */
  perRequestUsd: number;
}

/** How one platform is called: per attempt timeout, concurrency and retry budget. */
export interface CallPolicy {
  /** Per attempt, from request sent to body read. */
  timeoutMs: number;
  /** Requests in flight at once against this platform (bulkhead). */
  concurrency: number;
  /** Callers allowed to wait for a slot before new calls are refused. */
  queue: number;
  /** Retries after the first attempt (so attempts = maxRetries + 1). */
  maxRetries: number;
}

export interface PlatformDefinition extends PlatformInfo {
  defaultBaseUrl: string;
  defaultModel: string;
  price: PriceTable;
  policy: CallPolicy;
}

/**
 * List prices converted to USD, as published by each provider on PRICES_AS_OF for the default
 * model (non-cached input). They are estimates for reporting spend, not an invoice: a deployment
 * that overrides `<ID>_MODEL` still gets the default model's price.
 */
export const PRICES_AS_OF = '2025-10-01';

const standard: CallPolicy = { timeoutMs: 60_000, concurrency: 8, queue: 1_000, maxRetries: 2 };

export const PLATFORMS: Readonly<Record<PlatformId, PlatformDefinition>> = Object.freeze({
  deepseek: {
    id: 'deepseek',
    v1Id: 'deepseek',
    zh: '深度求索',
    name: 'DeepSeek',
    defaultBaseUrl: 'https://api.deepseek.com',
    defaultModel: 'deepseek-chat',
    price: { inputPerMTok: 0.28, outputPerMTok: 0.42, perRequestUsd: 0 },
    // DeepSeek has no hard rate limit but slows down under load instead: longer timeout, more room.
    policy: { ...standard, timeoutMs: 90_000, concurrency: 16 },
  },
  kimi: {
    id: 'kimi',
    v1Id: 'kimi',
    zh: 'Kimi（月之暗面）',
    name: 'Kimi (Moonshot AI)',
    defaultBaseUrl: 'https://api.moonshot.cn/v1',
    defaultModel: 'moonshot-v1-8k',
    price: { inputPerMTok: 0.2, outputPerMTok: 2.0, perRequestUsd: 0 },
    // Moonshot's low account tiers cap concurrency tightly; 429s are common above a few.
    policy: { ...standard, concurrency: 4 },
  },
  zhipu: {
    id: 'zhipu',
    v1Id: 'glm',
    zh: '智谱清言',
    name: 'Zhipu GLM',
    defaultBaseUrl: 'https://open.bigmodel.cn/api/paas/v4',
    defaultModel: 'glm-4.5',
    price: { inputPerMTok: 0.6, outputPerMTok: 2.2, perRequestUsd: 0 },
    policy: standard,
  },
  qwen: {
    id: 'qwen',
    v1Id: 'qwen',
    zh: '通义千问',
    name: 'Qwen (Alibaba Cloud)',
    defaultBaseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    defaultModel: 'qwen-plus',
    price: { inputPerMTok: 0.4, outputPerMTok: 1.2, perRequestUsd: 0 },
    policy: { ...standard, concurrency: 16 },
  },
  doubao: {
    id: 'doubao',
    v1Id: 'doubao',
    zh: '豆包',
    name: 'Doubao (ByteDance)',
    defaultBaseUrl: 'https://ark.cn-beijing.volces.com/api/v3',
    defaultModel: 'doubao-1-5-pro-32k-250115',
    price: { inputPerMTok: 0.11, outputPerMTok: 0.28, perRequestUsd: 0 },
    policy: { ...standard, concurrency: 16 },
  },
  chatgpt: {
    id: 'chatgpt',
    v1Id: 'chatgpt',
    zh: 'ChatGPT',
    name: 'ChatGPT (OpenAI)',
    defaultBaseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4o-mini',
    price: { inputPerMTok: 0.15, outputPerMTok: 0.6, perRequestUsd: 0 },
    policy: { ...standard, concurrency: 16 },
  },
  gemini: {
    id: 'gemini',
    v1Id: 'gemini',
    zh: 'Gemini',
    name: 'Google Gemini',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    defaultModel: 'gemini-2.5-flash',
    price: { inputPerMTok: 0.3, outputPerMTok: 2.5, perRequestUsd: 0 },
    policy: standard,
  },
  perplexity: {
    id: 'perplexity',
    v1Id: 'perplexity',
    zh: 'Perplexity',
    name: 'Perplexity',
    defaultBaseUrl: 'https://api.perplexity.ai',
    defaultModel: 'sonar',
    // Sonar: tokens plus a per-request search fee ($5 per 1 000 requests at low search context).
    price: { inputPerMTok: 1.0, outputPerMTok: 1.0, perRequestUsd: 0.005 },
    // Every call runs a web search first: slower answers, fewer at once.
    policy: { ...standard, timeoutMs: 90_000, concurrency: 4 },
  },
});

export function platformInfo(id: PlatformId): PlatformInfo {
  const { v1Id, zh, name } = PLATFORMS[id];
  return { id, v1Id, zh, name };
}

/** Cost of one call in USD: tokens × list price, plus any per-request fee. */
export function costUsd(id: PlatformId, promptTokens: number, completionTokens: number): number {
  const price = PLATFORMS[id].price;
  const usd =
    (promptTokens * price.inputPerMTok + completionTokens * price.outputPerMTok) / 1_000_000 + price.perRequestUsd;
  // Round to a millionth of a dollar so sums stored as decimals do not drift.
  return Math.round(usd * 1e6) / 1e6;
}

const V1_TO_LEGACY: ReadonlyMap<string, PlatformId> = new Map(PLATFORM_IDS.map((id) => [PLATFORMS[id].v1Id, id]));

/** `glm` → `zhipu`; a legacy id passes through; anything else → null. */
export function toLegacyId(raw: string): PlatformId | null {
  return parsePlatformId(raw);
}

/** `zhipu` → `glm`; every other platform keeps its id. */
export function toV1Id(id: PlatformId): string {
  return PLATFORMS[id].v1Id;
}

/** Accepts a legacy or v1 id in any case, with surrounding spaces; null when unknown. */
export function parsePlatformId(raw: string): PlatformId | null {
  const key = raw.trim().toLowerCase();
  if ((PLATFORM_IDS as readonly string[]).includes(key)) return key as PlatformId;
  return V1_TO_LEGACY.get(key) ?? null;
}

export function isPlatformId(raw: string): raw is PlatformId {
  return (PLATFORM_IDS as readonly string[]).includes(raw);
}
