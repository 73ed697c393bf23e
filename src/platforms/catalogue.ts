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

/** One row of the table below: the id doubles as the v1 id unless `v1Id` says otherwise. */
interface PlatformRow {
  v1Id?: string;
  zh: string;
  name: string;
  url: string;
  model: string;
  /** USD per 1 000 000 input and output tokens, and the flat fee per request (0 when none). */
  price: readonly [input: number, output: number, perRequest?: number];
  /** Departures from the standard call policy. */
  policy?: Partial<CallPolicy>;
}

function platform(id: PlatformId, row: PlatformRow): PlatformDefinition {
  const [inputPerMTok, outputPerMTok, perRequestUsd = 0] = row.price;
  return {
    id,
    v1Id: row.v1Id ?? id,
    zh: row.zh,
    name: row.name,
    defaultBaseUrl: row.url,
    defaultModel: row.model,
    price: { inputPerMTok, outputPerMTok, perRequestUsd },
    policy: { ...standard, ...row.policy },
  };
}

const TABLE: Record<PlatformId, PlatformRow> = {
  // DeepSeek has no hard rate limit but slows down under load instead: longer timeout, more room.
  deepseek: { zh: '深度求索', name: 'DeepSeek', url: 'https://api.deepseek.com', model: 'deepseek-chat', price: [0.28, 0.42], policy: { timeoutMs: 90_000, concurrency: 16 } },
  // Moonshot's low account tiers cap concurrency tightly; 429s are common above a few.
  kimi: { zh: 'Kimi（月之暗面）', name: 'Kimi (Moonshot AI)', url: 'https://api.moonshot.cn/v1', model: 'moonshot-v1-8k', price: [0.2, 2.0], policy: { concurrency: 4 } },
  zhipu: { v1Id: 'glm', zh: '智谱清言', name: 'Zhipu GLM', url: 'https://open.bigmodel.cn/api/paas/v4', model: 'glm-4.5', price: [0.6, 2.2] },
  qwen: { zh: '通义千问', name: 'Qwen (Alibaba Cloud)', url: 'https://dashscope.aliyuncs.com/compatible-mode/v1', model: 'qwen-plus', price: [0.4, 1.2], policy: { concurrency: 16 } },
  doubao: { zh: '豆包', name: 'Doubao (ByteDance)', url: 'https://ark.cn-beijing.volces.com/api/v3', model: 'doubao-1-5-pro-32k-250115', price: [0.11, 0.28], policy: { concurrency: 16 } },
  chatgpt: { zh: 'ChatGPT', name: 'ChatGPT (OpenAI)', url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', price: [0.15, 0.6], policy: { concurrency: 16 } },
  gemini: { zh: 'Gemini', name: 'Google Gemini', url: 'https://generativelanguage.googleapis.com/v1beta/openai', model: 'gemini-2.5-flash', price: [0.3, 2.5] },
  // Sonar: tokens plus a per-request search fee ($5 per 1 000 requests at low search context).
  // Every call runs a web search first: slower answers, fewer at once.
  perplexity: { zh: 'Perplexity', name: 'Perplexity', url: 'https://api.perplexity.ai', model: 'sonar', price: [1.0, 1.0, 0.005], policy: { timeoutMs: 90_000, concurrency: 4 } },
};

export const PLATFORMS: Readonly<Record<PlatformId, PlatformDefinition>> = Object.freeze(
  Object.fromEntries(PLATFORM_IDS.map((id) => [id, platform(id, TABLE[id])])) as Record<PlatformId, PlatformDefinition>,
);

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
