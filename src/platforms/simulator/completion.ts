/**
 * Chat completion request → OpenAI-shaped response body, without any HTTP. Validates the request
 * like a real platform would (a client mistake is a 400, never a made-up answer).
 */
import { PLATFORMS } from '../catalogue.js';
import { estimatePromptTokens, estimateTokens } from '../tokens.js';
import type { ChatMessage, PlatformId } from '../types.js';
import { aeoRewrite, brokenAeoJson, isAeoRewriteTask } from './aeo.js';
import { generateAnswer } from './answer.js';
import { hashString } from './random.js';
import type { SimulationHint } from './subjects.js';

export const SIMULATOR_FINGERPRINT = 'sightline-simulator';

export class InvalidRequest extends Error {
  constructor(
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

interface ParsedRequest {
  model: string;
  messages: ChatMessage[];
  maxTokens: number | undefined;
}

const ROLES = new Set(['system', 'user', 'assistant', 'developer', 'tool']);

/** Content may be a string or OpenAI content parts; only text parts matter here. */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  return content
    .map((part) => ((part as { type?: unknown; text?: unknown })?.type === 'text' ? String((part as { text?: unknown }).text ?? '') : ''))
    .join('');
}

export function parseChatRequest(body: unknown, platform: PlatformId): ParsedRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InvalidRequest('Request body must be a JSON object');
  const record = body as Record<string, unknown>;
  if (record['stream'] === true) throw new InvalidRequest('Streaming is not supported by the Sightline simulator', 'stream');
  const rawMessages = record['messages'];
  if (!Array.isArray(rawMessages) || rawMessages.length === 0) throw new InvalidRequest('messages must be a non-empty array', 'messages');
  const messages = rawMessages.map((raw, index): ChatMessage => {
    const message = raw as { role?: unknown; content?: unknown } | null;
    const text = contentText(message?.content);
    if (typeof message?.role !== 'string' || !ROLES.has(message.role) || text === undefined) {
      throw new InvalidRequest(`messages[${index}] needs a role and text content`, `messages[${index}]`);
    }
    const role = message.role === 'developer' ? 'system' : message.role === 'tool' ? 'assistant' : message.role;
    return { role: role as ChatMessage['role'], content: text };
  });
  const model = typeof record['model'] === 'string' && record['model'] !== '' ? record['model'] : PLATFORMS[platform].defaultModel;
  const rawMax = record['max_tokens'] ?? record['max_completion_tokens'];
  if (rawMax !== undefined && rawMax !== null && (typeof rawMax !== 'number' || !Number.isInteger(rawMax) || rawMax < 1)) {
    throw new InvalidRequest('max_tokens must be a positive integer', 'max_tokens');
  }
  return { model, messages, maxTokens: typeof rawMax === 'number' ? rawMax : undefined };
}

export interface CompletionOptions {
  platform: PlatformId;
  /** UTC day the answer belongs to (YYYY-MM-DD): answers change from one day to the next. */
  day: string;
  nowSeconds: number;
  aeoInvalidJson: boolean;
  /** The adapter's simulation hint (monitoring runs in simulate mode). */
  hint?: SimulationHint | undefined;
}

export function buildCompletion(request: ParsedRequest, options: CompletionOptions): Record<string, unknown> {
  const { platform, day } = options;
  const conversation = request.messages.map((m) => `${m.role}:${m.content}`).join('\n');
  const lastUser = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  let content: string;
  let extra: Record<string, unknown> = {};
  if (isAeoRewriteTask(request.messages)) {
    const rewrite = aeoRewrite(lastUser);
    content = options.aeoInvalidJson ? brokenAeoJson(rewrite) : JSON.stringify(rewrite);
  } else {
    const answer = generateAnswer({ platform, prompt: lastUser, conversation, day, hint: options.hint });
    content = answer.content;
    if (answer.citations.length > 0) extra = { citations: answer.citations, search_results: answer.searchResults };
  }
  let completionTokens = estimateTokens(content);
  let finishReason = 'stop';
  if (request.maxTokens !== undefined && completionTokens > request.maxTokens) {
    // Cut where a real model would have stopped: at the token budget.
    content = content.slice(0, Math.max(1, Math.floor((content.length * request.maxTokens) / completionTokens)));
    completionTokens = request.maxTokens;
    finishReason = 'length';
  }
  const promptTokens = estimatePromptTokens(request.messages);
  return {
    id: `chatcmpl-sim-${hashString(`${platform}\n${day}\n${options.hint?.sample ? `${options.hint.sample}\n` : ''}${conversation}`).toString(36)}`,
    object: 'chat.completion',
    created: options.nowSeconds,
    model: request.model,
    system_fingerprint: SIMULATOR_FINGERPRINT,
    choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: finishReason }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    ...extra,
  };
}

export function modelList(platform: PlatformId, nowSeconds: number): Record<string, unknown> {
  return {
    object: 'list',
    data: [{ id: PLATFORMS[platform].defaultModel, object: 'model', created: nowSeconds, owned_by: `${platform}-simulated` }],
  };
}
