/**
 * The client's rules against scripted HTTP servers, where the answers must be exact: 429 with
 * Retry-After waited out, back-off only on retryable answers, and the polling tiers of waitFor.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSightline, RateLimitError, ServerError, BadRequestError, backoffDelayMs } from '@sightline/client';
import { json, scriptedServer, type ScriptedServer } from './scripted-server.js';

const envelope = (code: string, message: string) => ({ error: { code, message, requestId: 'req-1' } });
let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('retries and back-off', () => {
  it('waits out Retry-After on a 429, then succeeds', async () => {
    server = await scriptedServer((_req, res, n) =>
      n === 1 ? json(res, 429, envelope('RATE_LIMITED', 'slow down'), { 'retry-after': '1' }) : json(res, 200, { brands: [], persisted: true, authed: true }),
    );
    const client = createSightline({ baseUrl: server.url, apiKey: 'sk_test_x', retry: { baseDelayMs: 10 } });
    const started = performance.now();
    await expect(client.brands.list()).resolves.toMatchObject({ brands: [] });
    expect(server.hits).toHaveLength(2);
    expect(server.hits[1]!.at - server.hits[0]!.at).toBeGreaterThanOrEqual(990);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('retries a 503 with back-off, gives up after maxRetries with the typed error', async () => {
    server = await scriptedServer((_req, res) => json(res, 503, envelope('SERVICE_UNAVAILABLE', 'degraded'), { 'retry-after': '0' }));
    const client = createSightline({ baseUrl: server.url, apiKey: 'sk_test_x', retry: { maxRetries: 2, baseDelayMs: 5 } });
    const error = await client.brands.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'degraded', requestId: 'req-1' });
    expect(server.hits).toHaveLength(3);
  });

  it('does not wait out a Retry-After longer than maxRetryAfterSeconds: RateLimitError with the limit headers', async () => {
    server = await scriptedServer((_req, res) =>
      json(res, 429, envelope('RATE_LIMITED', 'hourly window used up'), { 'retry-after': '3600', 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1900000000' }),
    );
    const client = createSightline({ baseUrl: server.url, apiKey: 'sk_test_x' });
    const error = (await client.brands.list().catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.rateLimit).toEqual({ retryAfterSeconds: 3600, limit: 100, remaining: 0, resetAt: 1900000000 });
    expect(server.hits).toHaveLength(1);
  });

  it('never retries another 4xx (400, 422 here; 401/403/404 against the real service)', async () => {
    server = await scriptedServer((_req, res, n) => json(res, n === 1 ? 400 : 422, envelope('VALIDATION_FAILED', 'category is required')));
    const client = createSightline({ baseUrl: server.url, apiKey: 'sk_test_x' });
    await expect(client.brands.create({ name: 'A', category: '' })).rejects.toBeInstanceOf(BadRequestError);
    await expect(client.brands.create({ name: 'A', category: '' })).rejects.toMatchObject({ status: 422 });
    expect(server.hits).toHaveLength(2);
  });

  it('sends Bearer auth and one Idempotency-Key per POST, the same on its retries', async () => {
    server = await scriptedServer((_req, res, n) => (n === 1 ? json(res, 502, envelope('UPSTREAM_UNAVAILABLE', 'x')) : json(res, 201, { brand: {}, persisted: true })));
    const client = createSightline({ baseUrl: server.url, apiKey: 'sk_test_abc', retry: { baseDelayMs: 5 } });
    await client.brands.create({ name: 'A', category: 'B' });
    const [first, second] = server.hits;
    expect(first!.headers.authorization).toBe('Bearer sk_test_abc');
    expect(first!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    await client.brands.create({ name: 'A', category: 'B' }, { idempotencyKey: 'mine-1' });
    expect(server.hits.at(-1)!.headers['idempotency-key']).toBe('mine-1');
  });

  it('full jitter: uniform under min(cap, base·2^n); Retry-After is a floor', () => {
    const policy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterSeconds: 60 };
    expect(backoffDelayMs(0, policy, () => 0.999, undefined)).toBeCloseTo(99.9);
    expect(backoffDelayMs(3, policy, () => 0.5, undefined)).toBe(400);
    expect(backoffDelayMs(10, policy, () => 1, undefined)).toBe(1_000);
    expect(backoffDelayMs(0, policy, () => 0.1, 2)).toBe(2_000);
  });

  it('stops at once when the AbortSignal fires during a back-off wait', async () => {
    server = await scriptedServer((_req, res) => json(res, 429, envelope('RATE_LIMITED', 'x'), { 'retry-after': '30' }));
    const client = createSightline({ baseUrl: server.url, apiKey: 'sk_test_x' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user cancelled')), 100);
    const started = performance.now();
    await expect(client.brands.list({ signal: controller.signal })).rejects.toThrow('user cancelled');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('probes.waitFor polling tiers', () => {
  const run = (status: string) => ({ runId: 'r1', status, progress: { total: 4, done: status === 'completed' ? 4 : 1, failed: 0 } });

  it('three consecutive 429s move to the next slower tier; a run of successes moves back', async () => {
    // 1-2: running; 3-5: 429 ×3 (→ tier 1); 6-7: running (2 successes → back to tier 0); 8: completed.
    server = await scriptedServer((_req, res, n) => {
      if (n >= 3 && n <= 5) return json(res, 429, envelope('RATE_LIMITED', 'x'), { 'retry-after': '0' });
      json(res, 200, run(n === 8 ? 'completed' : 'running'));
    });
    const client = createSightline({ baseUrl: server.url, apiKey: 'sk_test_x', polling: { tiersMs: [50, 400, 2_000], speedUpAfterSuccesses: 2 } });
    const seen: Array<{ status: number; tier: number; tierChange: string | undefined; runStatus: string | undefined }> = [];
    const final = await client.probes.waitFor('r1', { onProgress: (r, info) => seen.push({ status: info.status, tier: info.tier, tierChange: info.tierChange, runStatus: r?.status }) });
    expect(final.status).toBe('completed');
    expect(server.hits).toHaveLength(8);
    const gaps = server.hits.slice(1).map((h, i) => Math.round(h.at - server!.hits[i]!.at));
    // Tier 0 (50 ms) until the third 429; then 400 ms; back to 50 ms after two successes.
    for (const i of [0, 1, 2, 3]) expect(gaps[i]).toBeLessThan(300);
    expect(gaps[4]).toBeGreaterThanOrEqual(390); // after the third 429
    expect(gaps[5]).toBeGreaterThanOrEqual(390); // first success still at tier 1
    expect(gaps[6]).toBeLessThan(300); // two successes: back to tier 0
    expect(seen.map((s) => s.tierChange)).toEqual([undefined, undefined, undefined, undefined, 'slower', undefined, 'faster', undefined]);
    expect(seen.map((s) => s.tier)).toEqual([0, 0, 0, 0, 1, 1, 0, 0]);
    expect(server.hits.every((h) => h.path === '/api/v1/probes/r1')).toBe(true);
  });

  it('waits the longer of the tier interval and Retry-After', async () => {
    server = await scriptedServer((_req, res, n) => (n === 1 ? json(res, 429, envelope('RATE_LIMITED', 'x'), { 'retry-after': '1' }) : json(res, 200, run('completed'))));
    const client = createSightline({ baseUrl: server.url, apiKey: 'sk_test_x', polling: { tiersMs: [20] } });
    await client.probes.waitFor('r1');
    expect(server.hits[1]!.at - server.hits[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('stops on abort and on timeout with a clear error', async () => {
    server = await scriptedServer((_req, res) => json(res, 200, run('running')));
    const client = createSightline({ baseUrl: server.url, apiKey: 'sk_test_x', polling: { tiersMs: [30] } });
    await expect(client.probes.waitFor('r1', { timeoutMs: 100 })).rejects.toMatchObject({ code: 'WAIT_TIMEOUT' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 80);
    await expect(client.probes.waitFor('r1', { signal: controller.signal })).rejects.toThrow('stop');
  });
});
