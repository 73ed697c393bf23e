import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHealthService, overallStatus } from '../../../src/features/health/health.service.js';
import { PLATFORM_IDS } from '../../../src/platforms/index.js';
import { createTestContext, type TestContext } from '../../support/app.js';
import { dbKinds } from '../../support/db.js';

describe.each(dbKinds)('health and status (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  it('GET /api/health reports every field of the spec with a real database round trip', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', service: 'sightline', env: 'development', region: 'local' });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    expect(body.checks.db.ok).toBe(true);
    expect(body.checks.db.latency_ms).toBeGreaterThan(0);
    expect(body.took_ms).toBeGreaterThanOrEqual(0);
    expect(res.headers['cache-control']).toMatch(/max-age=(30|29)/);
  });

  it('GET /api/v1/health answers the same report', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['checks', 'env', 'region', 'service', 'status', 'timestamp', 'took_ms', 'version']);
  });

  it('serves health from cache within 30 s without touching the database', async () => {
    ctx.container.services.health.clearCaches();
    const ping = vi.spyOn(ctx.container.database, 'ping');
    const first = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const second = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(ping).toHaveBeenCalledTimes(1);
    expect(second.json().timestamp).toBe(first.json().timestamp);
    ping.mockRestore();
  });

  it('GET /api/status pings the database and all 8 platforms, with Chinese names', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/status' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('operational');
    expect(body.mode).toBe('simulate');
    expect(body.db.ok).toBe(true);
    expect(body.llms.total).toBe(8);
    expect(body.llms.up).toBe(8);
    expect(body.llms.up_rate).toBe(1);
    expect(body.llms.platforms.map((p: { platform: string }) => p.platform)).toEqual([...PLATFORM_IDS]);
    for (const p of body.llms.platforms) {
      expect(p.zh).toMatch(/\S/);
      expect(p.simulated).toBe(true);
    }
    expect(res.headers['cache-control']).toMatch(/max-age=(60|59)/);
  });

  it('caches status for 60 s: the second call pings nothing', async () => {
    ctx.container.services.health.clearCaches();
    const pings = PLATFORM_IDS.map((id) => vi.spyOn(ctx.container.platforms.get(id), 'ping'));
    await ctx.app.inject({ method: 'GET', url: '/api/status' });
    await ctx.app.inject({ method: 'GET', url: '/api/status' });
    for (const spy of pings) {
      expect(spy).toHaveBeenCalledTimes(1);
      spy.mockRestore();
    }
  });

  it('a hanging platform does not delay status past its timeout', async () => {
    const kimi = ctx.container.platforms.get('kimi');
    const hang = vi.spyOn(kimi, 'ping').mockImplementation(() => new Promise(() => {}));
    const service = createHealthService({ ...ctx.container, platformTimeoutMs: 300 });
    const start = Date.now();
    const { value } = await service.status();
    const elapsed = Date.now() - start;
    hang.mockRestore();
    expect(elapsed).toBeLessThan(1_500);
    expect(value.status).toBe('degraded');
    const kimiStatus = value.llms.platforms.find((p) => p.platform === 'kimi')!;
    expect(kimiStatus.ok).toBe(false);
    expect(kimiStatus.error).toMatch(/timed out/);
    expect(value.llms.up).toBe(7);
  });
});

describe('the status rule', () => {
  const p = (ok: boolean, configured = true) => ({ platform: 'x', zh: 'x', ok, latency_ms: 1, configured, simulated: false });
  it('is operational when the database and every configured platform answer', () => {
    expect(overallStatus(true, [p(true), p(false, false)])).toBe('operational');
  });
  it('is degraded when a configured platform does not answer', () => {
    expect(overallStatus(true, [p(true), p(false)])).toBe('degraded');
  });
  it('is down without the database or without any platform', () => {
    expect(overallStatus(false, [p(true)])).toBe('down');
    expect(overallStatus(true, [p(false), p(false, false)])).toBe('down');
  });
});
