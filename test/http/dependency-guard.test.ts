/**
 * The dependency guard (src/http/dependency-guard.ts) in the real app: while the database
 * monitor says down, every API request answers 503 before any other hook (auth included), health
 * still answers with its report, and paths outside /api/ (the dashboard) are left alone. The outage itself
 * (PostgreSQL stopped and frozen) is test/system/faults.test.ts; here the monitor's verdict is
 * set directly so what the guard lets through can be checked path by path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';

describe('dependency guard', () => {
  let ctx: TestContext;
  let databaseUp = true;

  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    // The guard asks the monitor on every request: answer for it, as a real outage would.
    ctx.container.monitors.database.isUp = () => databaseUp;
  });
  afterAll(() => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('refuses API routes with 503 and Retry-After before authentication runs', async () => {
    databaseUp = false;
    for (const url of ['/api/me', '/api/v1/brands', '/api/brands/b_1', '/api/no-such-route']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.json().error.code, url).toBe('SERVICE_UNAVAILABLE');
      expect(res.headers['retry-after'], url).toBeDefined();
      expect(res.headers['x-request-id'], url).toBeDefined();
    }
  });

  it('lets health answer with its own report, and leaves paths outside /api/ alone', async () => {
    databaseUp = false;
    for (const url of ['/api/health', '/api/v1/health']) {
      const res = await get(url);
      expect(res.json().error, url).toBeUndefined();
      expect(res.json().status, url).toBeDefined();
    }
    expect((await get('/no-such-page')).statusCode).not.toBe(503);
  });

  it('stands aside while the database is up', async () => {
    databaseUp = true;
    // Health is left out here: it serves its cached report (the 'down' one) for HEALTH_TTL_MS.
    expect((await get('/api/me')).statusCode).toBe(401);
    expect((await get('/api/v1/brands')).statusCode).toBe(401);
  });
});
