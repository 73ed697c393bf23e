/**
 * GET /metrics: Prometheus text behind METRICS_TOKEN (absent without it), with HTTP timings by
 * route pattern and status, rate-limit rejections, queue depth per job type and pool state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../support/db.js';
import { createIdentityContext, type IdentityContext } from '../support/identity.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe.each(dbKinds)('GET /metrics on %s', (kind) => {
  let ctx: IdentityContext;
  let closed: IdentityContext;
  beforeAll(async () => {
    ctx = await createIdentityContext(kind, { env: { METRICS_TOKEN: TOKEN } });
    closed = await createIdentityContext(kind, { database: ctx.database });
  });
  afterAll(async () => {
    await closed?.close();
    await ctx?.close();
  });
  const scrape = (app: IdentityContext['app'], token?: string) =>
    app.inject({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('does not exist without METRICS_TOKEN, and refuses a missing or wrong token', async () => {
    expect((await scrape(closed.app, TOKEN)).statusCode).toBe(404);
    expect((await scrape(ctx.app)).statusCode).toBe(401);
    expect((await scrape(ctx.app, `${TOKEN}x`)).statusCode).toBe(401);
  });

  it('reports requests by route pattern and status, queue depth per job type and the pool', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/brands/00000000-0000-4000-8000-000000000000' }); // 401
    const res = await scrape(ctx.app, TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/sightline_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status="200"\} [1-9]/);
    expect(text).toMatch(/sightline_http_request_duration_seconds_count\{method="GET",route="\/api\/brands\/:id",status="401"\} [1-9]/);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    for (const family of [
      'sightline_rate_limit_rejections_total',
      'sightline_jobs_total',
      'sightline_job_duration_seconds',
      'sightline_platform_call_duration_seconds',
      'sightline_webhook_deliveries_total',
      'sightline_process_cpu_seconds_total',
    ]) expect(text).toContain(`# TYPE ${family}`);
    for (const type of ctx.container.queue.names()) expect(text).toContain(`sightline_jobs_oldest_ready_age_seconds{type="${type}"}`);
    expect(text).toMatch(/sightline_db_pool_connections\{state="max"\} [1-9]/);
    expect(text).toMatch(/sightline_read_cache\{stat="misses"\} \d+/);
  });
});
