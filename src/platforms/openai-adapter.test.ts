/**
 * The real adapter over real HTTP against the simulator, with faults injected per platform.
 * Policy times are shrunk so every failure path runs in well under a second.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { OpenAICompatibleAdapter } from './openai-adapter.js';
import type { PolicyOverrides } from './policy.js';
import { createPlatformRegistry } from './registry.js';
import { startSimulator, type SimulatorHandle } from './simulator/index.js';
import { PlatformError, type PlatformErrorKind, type PlatformId } from './types.js';

const FAST: Partial<PolicyOverrides> = {
  timeoutMs: 400,
  pingTimeoutMs: 300,
  retryBaseDelayMs: 5,
  retryMaxDelayMs: 20,
  maxRetries: 2,
  breakerThreshold: 3,
  breakerHalfOpenAfterMs: 200,
};

const ask = { messages: [{ role: 'user' as const, content: '推荐几款好用的扫地机器人' }] };

let simulator: SimulatorHandle;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(() => simulator.close());
afterEach(() => {
  for (const id of ['deepseek', 'kimi', 'qwen', 'doubao', 'chatgpt', 'gemini', 'zhipu', 'perplexity'] as const) simulator.setFaults(id, undefined);
});

/** A fresh registry per test: breaker state must not leak from one test into the next. */
function adapter(id: PlatformId, policy: Partial<PolicyOverrides> = {}): OpenAICompatibleAdapter {
  const registry = createPlatformRegistry(loadConfig({ PLATFORMS_MODE: 'simulate' }), {
    simulatorUrl: simulator.url,
    policy: { ...FAST, ...policy },
  });
  return registry.get(id) as OpenAICompatibleAdapter;
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

function expectKind(error: PlatformError, kind: PlatformErrorKind): void {
  expect(error.kind, error.message).toBe(kind);
}

describe('complete() against the simulator', () => {
  it('answers with text, tokens, cost, latency and the simulated flag', async () => {
    const result = await adapter('deepseek').complete(ask);
    expect(result.platform).toBe('deepseek');
    expect(result.model).toBe('deepseek-chat');
    expect(result.text).toMatch(/[\u4e00-\u9fff]/);
    expect(result.tokens.prompt).toBeGreaterThan(0);
    expect(result.tokens.completion).toBeGreaterThan(50);
    expect(result.tokens.total).toBe(result.tokens.prompt + result.tokens.completion);
    expect(result.costUsd).toBeGreaterThan(0);
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(result.simulated).toBe(true);
    expect(result.attempts).toBe(1);
    expect(result.citations).toEqual([]);
  });

  it('keeps Perplexity citations in the platform order', async () => {
    const result = await adapter('perplexity').complete(ask);
    expect(result.citations.length).toBeGreaterThanOrEqual(2);
    for (const url of result.citations) expect(url).toMatch(/^https:\/\//);
    expect(result.text).toMatch(/\[\d\]/);
  });

  it('waits out Retry-After on 429, then succeeds', async () => {
    simulator.setFaults('kimi', { sequence: [{ status: 429, retryAfter: 1 }] });
    const started = performance.now();
    const result = await adapter('kimi').complete(ask);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.attempts).toBe(2);
    expect(simulator.requestCount('kimi')).toBeGreaterThanOrEqual(2);
  });

  it('retries a 500 and succeeds', async () => {
    const before = simulator.requestCount('qwen');
    simulator.setFaults('qwen', { sequence: [{ status: 500 }] });
    const result = await adapter('qwen').complete(ask);
    expect(result.attempts).toBe(2);
    expect(simulator.requestCount('qwen') - before).toBe(2);
  });

  it('gives up after the retry budget on persistent 5xx', async () => {
    const before = simulator.requestCount('qwen');
    simulator.setFaults('qwen', { always: { status: 503 } });
    const error = await failure(adapter('qwen', { maxRetries: 2, breakerThreshold: 10 }).complete(ask));
    expectKind(error, 'upstream_error');
    expect(error.status).toBe(503);
    expect(simulator.requestCount('qwen') - before).toBe(3);
  });

  it('times out a hanging platform per attempt, and retries the timeout', async () => {
    const before = simulator.requestCount('doubao');
    simulator.setFaults('doubao', { always: 'hang' });
    const started = performance.now();
    const error = await failure(adapter('doubao', { timeoutMs: 150, maxRetries: 1 }).complete(ask));
    expectKind(error, 'timeout');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(simulator.requestCount('doubao') - before).toBe(2);
  });

  it('reports malformed JSON as bad_response without retrying', async () => {
    const before = simulator.requestCount('gemini');
    simulator.setFaults('gemini', { always: 'malformed' });
    expectKind(await failure(adapter('gemini').complete(ask)), 'bad_response');
    expect(simulator.requestCount('gemini') - before).toBe(1);
  });

  it('does not retry a 400', async () => {
    const before = simulator.requestCount('chatgpt');
    simulator.setFaults('chatgpt', { always: { status: 400, message: 'bad model' } });
    const error = await failure(adapter('chatgpt').complete(ask));
    expectKind(error, 'bad_request');
    expect(error.status).toBe(400);
    expect(simulator.requestCount('chatgpt') - before).toBe(1);
  });

  it('does not retry an exhausted quota (429 insufficient_quota)', async () => {
    const before = simulator.requestCount('chatgpt');
    simulator.setFaults('chatgpt', { always: { status: 429, code: 'insufficient_quota', type: 'insufficient_quota' } });
    expectKind(await failure(adapter('chatgpt').complete(ask)), 'quota_exceeded');
    expect(simulator.requestCount('chatgpt') - before).toBe(1);
  });

  it('fails fast with retryAfterMs when Retry-After exceeds what we wait', async () => {
    simulator.setFaults('zhipu', { always: { status: 429, retryAfter: 120 } });
    const error = await failure(adapter('zhipu', { maxRetryAfterMs: 1_000 }).complete(ask));
    expectKind(error, 'rate_limited');
    expect(error.retryAfterMs).toBe(120_000);
  });

  it('maps 401 to auth_failed', async () => {
    simulator.setFaults('zhipu', { always: { status: 401 } });
    expectKind(await failure(adapter('zhipu').complete(ask)), 'auth_failed');
  });

  it('opens the circuit after consecutive failures, short-circuits, then recovers half-open', async () => {
    const platform = adapter('deepseek', { maxRetries: 0, breakerThreshold: 3, breakerHalfOpenAfterMs: 200 });
    simulator.setFaults('deepseek', { always: { status: 500 } });
    const before = simulator.requestCount('deepseek');
    for (let i = 0; i < 3; i++) expectKind(await failure(platform.complete(ask)), 'upstream_error');
    expect(platform.circuitState).toBe('open');
    expectKind(await failure(platform.complete(ask)), 'circuit_open');
    expect(simulator.requestCount('deepseek') - before).toBe(3);

    simulator.setFaults('deepseek', undefined);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await expect(platform.complete(ask)).resolves.toMatchObject({ platform: 'deepseek' });
    expect(platform.circuitState).toBe('closed');
  });

  it('bounds concurrency and refuses calls beyond the queue', async () => {
    const slow = await startSimulator({ latencyMs: 120 });
    try {
      const registry = createPlatformRegistry(loadConfig({ PLATFORMS_MODE: 'simulate' }), {
        simulatorUrl: slow.url,
        policy: { ...FAST, timeoutMs: 2_000, concurrency: 1, queue: 1 },
      });
      const platform = registry.get('kimi');
      const calls = [platform.complete(ask), platform.complete(ask), platform.complete(ask)];
      const settled = await Promise.allSettled(calls);
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
      const rejected = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
      expectKind(rejected.reason as PlatformError, 'rate_limited');
    } finally {
      await slow.close();
    }
  });

  it('stops waiting as soon as the caller aborts, even during a backoff', async () => {
    simulator.setFaults('kimi', { always: { status: 429, retryAfter: 5 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    expectKind(await failure(adapter('kimi').complete({ ...ask, signal: controller.signal })), 'aborted');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('ping()', () => {
  it('is ok against a healthy platform', async () => {
    const result = await adapter('qwen').ping();
    expect(result).toMatchObject({ platform: 'qwen', ok: true, configured: true, simulated: true });
    expect(result.error).toBeUndefined();
  });

  it('reports a failing platform without throwing', async () => {
    simulator.setFaults('qwen', { always: { status: 503 } });
    const result = await adapter('qwen').ping();
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/503/);
  });

  it('gives up on a hanging platform within its timeout', async () => {
    simulator.setFaults('doubao', { always: 'hang' });
    const started = performance.now();
    const result = await adapter('doubao', { pingTimeoutMs: 200 }).ping();
    const elapsed = performance.now() - started;
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/no answer within 200 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(1_000);
  });
});
