/**
 * Every row of the spec's Limits tables, hit exactly at its boundary over HTTP (N allowed,
 * N+1 → 429 with Retry-After and the X-RateLimit headers), window roll-over and sliding
 * behaviour on a controllable clock, and "a refused request is not charged to other windows".
 * Large budgets are pre-spent through the limits service (charging N−1 at once), so the
 * boundary itself is always crossed by real requests.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Container } from '../../../src/container.js';
import type { Tier } from '../../../src/db/schema/identity.js';
import type { Principal } from '../../../src/features/auth/principal.js';
import { checksFor, type LimitName } from '../../../src/features/limits/limits.service.js';
import { ANONYMOUS_PER_IP_PER_DAY, LEGACY_KEY_PER_MINUTE, TIERS, tierLimits } from '../../../src/features/limits/tiers.js';
import { principalOf } from '../../../src/http/auth.js';
import type { App } from '../../../src/http/types.js';
import { dbKinds } from '../../support/db.js';
import { bearer, createIdentityContext, createKey, login, seedAccount, T0, type IdentityContext, type Seeded } from '../../support/identity.js';

const MINUTE = 60_000;

/** Stand-ins for the real legacy routes: same declarations, trivial handlers. */
function registerLimitedRoutes(app: App) {
  const ok = async () => ({ ok: true });
  app.post('/api/_test/check', { config: { auth: 'optional', limit: 'legacy.check' } }, ok);
  app.post('/api/_test/query', { config: { auth: 'legacy', limit: 'legacy.query' } }, ok);
  app.post('/api/_test/rewrite', { config: { auth: 'legacy', limit: 'legacy.aeoRewrite' } }, ok);
  app.get('/api/_test/dashboard', { config: { auth: 'legacy', limit: 'legacy.dashboard' } }, ok);
  app.get('/api/v1/_test/ping', { config: { limit: 'v1' } }, async (request) => ({ account: principalOf(request).accountId }));
}

function expectHeaders(res: LightMyRequestResponse, limit: number, remaining: number) {
  expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
  expect(res.headers['x-ratelimit-remaining']).toBe(String(remaining));
  expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(Math.floor(T0 / 1000));
}

function expect429(res: LightMyRequestResponse, limit: number, label: RegExp) {
  expect(res.statusCode).toBe(429);
  expectHeaders(res, limit, 0);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  const body = res.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe('RATE_LIMITED');
  expect(body.error.message).toMatch(label);
}

/** A principal shaped like the auth layer's, to pre-spend exactly the counters a route charges. */
function principal(who: Seeded, tier: Tier, via: Principal['via'], keyId: string | null = null): Principal {
  return { accountId: who.accountId, userId: who.userId, tier, role: 'owner', via, keyId, scopes: [], mode: null, customLimits: null };
}

async function preSpend(container: Container, name: LimitName, p: Principal | null, n: number, only?: RegExp, ip = '127.0.0.1') {
  if (n <= 0) return;
  const checks = checksFor(name, { principal: p, ip }).filter((c) => !only || only.test(c.label));
  const decision = await container.services.limits.take(checks, n);
  expect(decision?.allowed).toBe(true);
}

describe.each(dbKinds)('rate limits and quotas on %s', (kind) => {
  let ctx: IdentityContext;
  const send = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    ctx.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}), ...(remoteAddress ? { remoteAddress } : {}) });

  beforeAll(async () => {
    ctx = await createIdentityContext(kind, { beforeReady: registerLimitedRoutes });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('legacy surface', () => {
    it('free check: 5 per IP per day without signing in; another IP has its own budget', async () => {
      const n = ANONYMOUS_PER_IP_PER_DAY.check;
      for (let i = 1; i <= n; i++) {
        const res = await send('POST', '/api/_test/check', {}, '10.1.0.1');
        expect(res.statusCode).toBe(200);
        expectHeaders(res, n, n - i);
      }
      const refused = await send('POST', '/api/_test/check', {}, '10.1.0.1');
      expect429(refused, n, /per IP per day/);
      expect((await send('POST', '/api/_test/check', {}, '10.1.0.2')).statusCode).toBe(200);
      // About a day later (Retry-After), the first IP may check again.
      const wait = Number(refused.headers['retry-after']) * 1000;
      expect(wait).toBeGreaterThan(24 * 60 * MINUTE);
      ctx.clock.advance(wait - 2_000);
      expect((await send('POST', '/api/_test/check', {}, '10.1.0.1')).statusCode).toBe(429);
      ctx.clock.advance(2_000);
      expect((await send('POST', '/api/_test/check', {}, '10.1.0.1')).statusCode).toBe(200);
    });

    it('X-Forwarded-For cannot buy a fresh budget unless TRUST_PROXY says so', async () => {
      for (let i = 0; i < ANONYMOUS_PER_IP_PER_DAY.check; i++) {
        expect((await send('POST', '/api/_test/check', { 'x-forwarded-for': `192.0.2.${i}` }, '10.1.0.9')).statusCode).toBe(200);
      }
      expect((await send('POST', '/api/_test/check', { 'x-forwarded-for': '192.0.2.200' }, '10.1.0.9')).statusCode).toBe(429);
      const proxied = await createIdentityContext(kind, { env: { TRUST_PROXY: 'true' }, database: ctx.database, beforeReady: registerLimitedRoutes });
      try {
        for (let i = 0; i < 3; i++) {
          const res = await proxied.app.inject({ method: 'POST', url: '/api/_test/check', payload: {}, remoteAddress: '10.1.0.9', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
          expect(res.headers['x-ratelimit-remaining']).toBe(String(ANONYMOUS_PER_IP_PER_DAY.check - 1)); // each forwarded IP counted apart
        }
      } finally {
        await proxied.close();
      }
    });

    describe.each(TIERS)('signed in on the %s tier', (tier) => {
      let who: Seeded;
      let cookie: string;
      beforeAll(async () => {
        who = await seedAccount(ctx.container, { tier });
        cookie = await login(ctx.app, who.email);
      });

      it.each([
        ['legacy.check', '/api/_test/check', 'check', /checks per day/],
        ['legacy.query', '/api/_test/query', 'query', /queries per day/],
        ['legacy.aeoRewrite', '/api/_test/rewrite', 'aeoRewrite', /rewrites per day/],
      ] as const)('%s: the daily quota is exact', async (name, url, field, label) => {
        const n = tierLimits(tier).legacyDaily[field];
        await preSpend(ctx.container, name, principal(who, tier, 'session'), n - 1);
        const last = await send('POST', url, { cookie });
        expect(last.statusCode).toBe(200);
        expectHeaders(last, n, 0);
        expect429(await send('POST', url, { cookie }), n, label);
      });

      it('dashboard data: unlimited with a session (no limit headers)', async () => {
        for (let i = 0; i < 5; i++) {
          const res = await send('GET', '/api/_test/dashboard', { cookie });
          expect(res.statusCode).toBe(200);
          expect(res.headers['x-ratelimit-limit']).toBeUndefined();
        }
      });
    });

    it('the check quota is the tier quota with a Bearer key too (shared with the account)', async () => {
      const who = await seedAccount(ctx.container, { tier: 'starter' });
      const { key } = await createKey(ctx.container, who, 'legacy');
      const n = tierLimits('starter').legacyDaily.check;
      await preSpend(ctx.container, 'legacy.check', principal(who, 'starter', 'session'), n - 1);
      expect((await send('POST', '/api/_test/check', bearer(key))).statusCode).toBe(200);
      expect429(await send('POST', '/api/_test/check', bearer(key)), n, /checks per day/);
    });

    it.each([
      ['/api/_test/query', 'POST', LEGACY_KEY_PER_MINUTE.query],
      ['/api/_test/rewrite', 'POST', LEGACY_KEY_PER_MINUTE.aeoRewrite],
      ['/api/_test/dashboard', 'GET', LEGACY_KEY_PER_MINUTE.dashboard],
    ] as const)('%s with a Bearer key: %s per minute, back after the window', async (url, method, n) => {
      const who = await seedAccount(ctx.container, { tier: 'scale' });
      const { key } = await createKey(ctx.container, who, 'legacy');
      for (let i = 1; i <= n; i++) {
        const res = await send(method, url, bearer(key));
        expect(res.statusCode).toBe(200);
        if (i === n) expectHeaders(res, n, 0);
      }
      const refused = await send(method, url, bearer(key));
      expect429(refused, n, /per minute per API key/);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(61); // a minute plus one 1-s slice at most
      ctx.clock.advance(Number(refused.headers['retry-after']) * 1000);
      expect((await send(method, url, bearer(key))).statusCode).toBe(200);
    });
  });

  describe('v1 surface', () => {
    describe.each(TIERS)('%s tier', (tier) => {
      const v1 = tierLimits(tier).v1;
      let who: Seeded;
      let key: string;
      beforeEach(async () => {
        who = await seedAccount(ctx.container, { tier });
        key = (await createKey(ctx.container, who, 'v1')).key;
      });
      const ping = () => send('GET', '/api/v1/_test/ping', bearer(key));

      it(`burst: ${v1.burstPerMinute} per minute`, async () => {
        await preSpend(ctx.container, 'v1', principal(who, tier, 'v1_key'), v1.burstPerMinute - 1);
        const last = await ping();
        expect(last.statusCode).toBe(200);
        expectHeaders(last, v1.burstPerMinute, 0);
        const refused = await ping();
        expect429(refused, v1.burstPerMinute, /per minute \(burst\)/);
        ctx.clock.advance(Number(refused.headers['retry-after']) * 1000);
        expect((await ping()).statusCode).toBe(200); // rolled over
      });

      it(`hourly: ${v1.hourly} per hour`, async () => {
        ctx.clock.advance(-10 * MINUTE);
        await preSpend(ctx.container, 'v1', principal(who, tier, 'v1_key'), v1.hourly - 1, /per hour/);
        ctx.clock.advance(10 * MINUTE);
        const last = await ping();
        expect(last.statusCode).toBe(200);
        expectHeaders(last, v1.hourly, 0);
        expect429(await ping(), v1.hourly, /per hour/);
      });

      it(`daily: ${v1.daily} per day`, async () => {
        ctx.clock.advance(-3 * 60 * MINUTE);
        await preSpend(ctx.container, 'v1', principal(who, tier, 'v1_key'), v1.daily - 1, /per day/);
        ctx.clock.advance(3 * 60 * MINUTE);
        const last = await ping();
        expect(last.statusCode).toBe(200);
        expectHeaders(last, v1.daily, 0);
        expect429(await ping(), v1.daily, /per day/);
      });
    });

    it('slides: no second burst right after the top of the minute, then frees up gradually', async () => {
      const who = await seedAccount(ctx.container);
      await ctx.container.services.accounts.setTier(who.accountId, 'free', { burstPerMinute: 10 });
      const { key } = await createKey(ctx.container, who, 'v1');
      ctx.clock.set(T0 + 2 * 24 * 60 * MINUTE + 59_000); // second 59 of a minute
      for (let i = 0; i < 10; i++) expect((await send('GET', '/api/v1/_test/ping', bearer(key))).statusCode).toBe(200);
      ctx.clock.advance(2_000); // a fixed window would have reset here
      const refused = await send('GET', '/api/v1/_test/ping', bearer(key));
      expect(refused.statusCode).toBe(429);
      // One of the 10 must slide out: the second that holds them leaves the window 60.1 s after it began.
      expect(Number(refused.headers['retry-after'])).toBe(59);
      ctx.clock.advance(58_500); // half of the second that held the 10 has slid out: 5 fit
      let allowed = 0;
      for (let i = 0; i < 8; i++) if ((await send('GET', '/api/v1/_test/ping', bearer(key))).statusCode === 200) allowed++;
      expect(allowed).toBe(5);
    });

    it('a request refused by one window is not charged to the others', async () => {
      const who = await seedAccount(ctx.container);
      await ctx.container.services.accounts.setTier(who.accountId, 'free', { burstPerMinute: 5, hourly: 8 });
      const { key } = await createKey(ctx.container, who, 'v1');
      const ping = () => send('GET', '/api/v1/_test/ping', bearer(key));
      for (let i = 0; i < 5; i++) expect((await ping()).statusCode).toBe(200);
      for (let i = 0; i < 20; i++) expect((await ping()).statusCode).toBe(429); // refused by the burst window
      ctx.clock.advance(MINUTE + 1_000);
      // Had the 20 refusals been charged, the hourly window (8) would be long spent.
      const first = await ping();
      expect(first.statusCode).toBe(200);
      expectHeaders(first, 8, 2); // the tightest window is now the hourly one
      expect((await ping()).statusCode).toBe(200);
      expect((await ping()).statusCode).toBe(200);
      expect429(await ping(), 8, /per hour/);
    });
  });
});
