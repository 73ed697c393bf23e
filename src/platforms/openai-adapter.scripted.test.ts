/**
 * The adapter against a tiny scripted OpenAI-compatible server: exact control over status codes,
 * headers and bodies that the simulator would never produce (HTTP-date Retry-After, missing
 * usage, vendor-specific quota errors, Perplexity's extra fields).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS } from './catalogue.js';
import { OpenAICompatibleAdapter } from './openai-adapter.js';
import { resolvePolicy } from './policy.js';
import { PlatformError, type PlatformId } from './types.js';

interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

const script: Scripted[] = [];
const seen: { path: string; authorization: string | undefined; body: Record<string, unknown> }[] = [];
let baseUrl = '';
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {} });
    const next = script.shift() ?? { status: 500, body: { error: { message: 'script exhausted' } } };
    const payload = typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(payload);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function adapter(platform: PlatformId = 'chatgpt'): OpenAICompatibleAdapter {
  return new OpenAICompatibleAdapter({
    platform,
    apiKey: 'sk-test',
    baseUrl,
    model: 'test-model',
    simulated: false,
    policy: resolvePolicy(PLATFORMS[platform].policy, { timeoutMs: 500, retryBaseDelayMs: 5, retryMaxDelayMs: 20 }),
  });
}

function completion(content: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'test-model-2025',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1_000, completion_tokens: 2_000, total_tokens: 3_000 },
    ...extra,
  };
}

const ask = { messages: [{ role: 'user' as const, content: 'best robot vacuums?' }], temperature: 0.2, maxTokens: 500, json: true };

describe('adapter against a scripted server', () => {
  it('sends the model, messages, options and the bearer key; prices the reported usage', async () => {
    script.push({ status: 200, body: completion('hello') });
    seen.length = 0;
    const result = await adapter('chatgpt').complete(ask);
    expect(seen[0]?.path).toBe('/v1/chat/completions');
    expect(seen[0]?.authorization).toBe('Bearer sk-test');
    expect(seen[0]?.body).toMatchObject({ model: 'test-model', temperature: 0.2, max_tokens: 500, response_format: { type: 'json_object' } });
    expect(result).toMatchObject({ text: 'hello', model: 'test-model-2025', simulated: false });
    expect(result.tokens).toEqual({ prompt: 1_000, completion: 2_000, total: 3_000 });
    // gpt-4o-mini list price: 0.15 in, 0.60 out per 1M tokens.
    expect(result.costUsd).toBeCloseTo(0.00015 + 0.0012, 9);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const at = new Date(Date.now() + 1_500).toUTCString();
    script.push({ status: 429, headers: { 'retry-after': at }, body: { error: { message: 'slow down', code: 'rate_limit_exceeded' } } });
    script.push({ status: 200, body: completion('after the wait') });
    const started = performance.now();
    const result = await adapter().complete(ask);
    // HTTP dates have one-second resolution: the wait is at least what is left of that second.
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    expect(result.text).toBe('after the wait');
    expect(result.attempts).toBe(2);
  });

  it('estimates tokens when the platform reports no usage, rather than booking the call as free', async () => {
    script.push({ status: 200, body: { ...completion('一二三四五六七八九十'), usage: undefined } });
    const result = await adapter('deepseek').complete(ask);
    expect(result.tokens.completion).toBe(10);
    expect(result.tokens.prompt).toBeGreaterThan(0);
    expect(result.costUsd).toBeGreaterThan(0);
  });

  it('does not ask Perplexity for json_object, and keeps citations then search_results URLs', async () => {
    script.push({
      status: 200,
      body: completion('Roborock leads [1][2].', {
        citations: ['https://www.rtings.com/a', 'https://www.reddit.com/b'],
        search_results: [{ title: 'A', url: 'https://www.rtings.com/a' }, { title: 'C', url: 'https://example.com/c' }, { title: 'no url' }],
      }),
    });
    seen.length = 0;
    const result = await adapter('perplexity').complete(ask);
    expect(seen[0]?.body['response_format']).toBeUndefined();
    expect(result.citations).toEqual(['https://www.rtings.com/a', 'https://www.reddit.com/b', 'https://example.com/c']);
    // Sonar adds a per-request search fee on top of tokens.
    expect(result.costUsd).toBeCloseTo(0.001 + 0.002 + 0.005, 9);
  });

  it.each([
    [402, { error: { message: 'Insufficient Balance' } }],
    [429, { error: { message: 'quota', type: 'exceeded_current_quota_error' } }],
    [400, { error: { code: 'Arrearage', message: 'Access denied, please make sure your account is in good standing.' } }],
  ])('treats a vendor quota error (%i) as quota_exceeded without retry', async (status, body) => {
    script.push({ status, body }, { status: 200, body: completion('must not be reached') });
    const error = await adapter().complete(ask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).kind).toBe('quota_exceeded');
    script.length = 0;
  });

  it('treats an answer without message text as bad_response', async () => {
    script.push({ status: 200, body: { id: 'x', choices: [] } });
    const error = await adapter().complete(ask).catch((e: unknown) => e);
    expect((error as PlatformError).kind).toBe('bad_response');
  });

  it('words error statuses as the openai SDK did: error.message, raw text, or no body', async () => {
    const messageOf = async (): Promise<string> => ((await adapter().complete(ask).catch((e: unknown) => e)) as PlatformError).message;
    script.push({ status: 400, body: { error: { message: 'model not found', code: 'model_not_found' } } });
    expect(await messageOf()).toBe('chatgpt: HTTP 400 (400 model not found)');
    script.push({ status: 400, body: 'plain words' });
    expect(await messageOf()).toBe('chatgpt: HTTP 400 (400 plain words)');
    script.push({ status: 400, body: { detail: 'no error member' } });
    expect(await messageOf()).toBe('chatgpt: HTTP 400 (400 status code (no body))');
  });

  it('treats a 2xx answer that is not JSON as bad_response, without retrying', async () => {
    script.push({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>proxy login</html>' });
    seen.length = 0;
    const error = await adapter().complete(ask).catch((e: unknown) => e);
    expect((error as PlatformError).kind).toBe('bad_response');
    expect(seen).toHaveLength(1);
  });

  it('counts a models listing the platform does not offer (404) as reachable', async () => {
    script.push({ status: 404, body: { error: { message: 'not found' } } });
    const result = await adapter('perplexity').ping();
    expect(result).toMatchObject({ ok: true, configured: true, simulated: false });
  });

  it('reports a rejected key on ping', async () => {
    script.push({ status: 401, body: { error: { message: 'Invalid API key' } } });
    const result = await adapter().ping();
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/401/);
  });
});
