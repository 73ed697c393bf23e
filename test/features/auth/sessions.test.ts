/**
 * The dashboard session's whole life, on a controllable clock: sign-up, cookie attributes,
 * rolling renewal (at most one write a minute), idle and absolute expiry, sign-out, reuse of an
 * ended cookie, a fresh id at every sign-in, and cross-site writes refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../src/features/auth/auth.service.js';
import { loginChecks } from '../../../src/features/limits/limits.service.js';
import { LOGIN_LIMITS } from '../../../src/features/limits/tiers.js';
import { dbKinds } from '../../support/db.js';
import { createIdentityContext, login, PASSWORD, seedAccount, sessionCookieOf, uniqueEmail, type IdentityContext } from '../../support/identity.js';

const HOUR = 3_600_000;

function setCookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((c) => c.startsWith('sl_session='));
}

describe.each(dbKinds)('dashboard sessions on %s', (kind) => {
  let ctx: IdentityContext;
  let proxied: IdentityContext;
  const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

  beforeAll(async () => {
    ctx = await createIdentityContext(kind);
    proxied = await createIdentityContext(kind, { env: { TRUST_PROXY: 'true' }, database: ctx.database });
  });
  afterAll(async () => {
    await proxied?.close();
    await ctx?.close();
  });

  it('signs up, sets a safe cookie, and the cookie opens /api/me', async () => {
    const email = uniqueEmail('Signup').toUpperCase();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: PASSWORD } });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { account: { tier: string }; user: { email: string; role: string } };
    expect(body).toMatchObject({ account: { tier: 'free' }, user: { email: email.toLowerCase(), role: 'owner' } });
    const set = setCookieOf(res)!;
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Lax/);
    expect(set).toMatch(/; Path=\//);
    expect(set).toMatch(new RegExp(`; Max-Age=${SESSION_IDLE_MS / 1000}`));
    expect(set).not.toMatch(/Secure/); // plain HTTP here
    const profile = await me(sessionCookieOf(res)!);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ via: 'session', role: 'owner', tier: 'free' });

    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: PASSWORD } });
    expect(again.statusCode).toBe(409);
  });

  it('marks the cookie Secure over HTTPS, believing X-Forwarded-Proto only with TRUST_PROXY', async () => {
    const who = await seedAccount(ctx.container);
    const headers = { 'x-forwarded-proto': 'https' };
    const payload = { email: who.email, password: PASSWORD };
    const direct = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });
    expect(setCookieOf(direct)).not.toMatch(/Secure/);
    const viaProxy = await proxied.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });
    expect(setCookieOf(viaProxy)).toMatch(/; Secure/);
  });

  it('renews the idle expiry while in use, at most once a minute', async () => {
    const who = await seedAccount(ctx.container);
    const cookie = await login(ctx.app, who.email);
    ctx.clock.advance(30_000);
    expect(setCookieOf(await me(cookie))).toBeUndefined(); // too soon: no write, no cookie
    ctx.clock.advance(31_000);
    const renewed = await me(cookie);
    expect(renewed.statusCode).toBe(200);
    const set = setCookieOf(renewed)!;
    expect(set.startsWith(`${cookie};`)).toBe(true); // the same session id…
    expect(set).toContain(`Max-Age=${SESSION_IDLE_MS / 1000}`); // …with a full 24 h again
    // Renewed at +61 s: still valid 23 h 59 min later, gone after 24 h of inactivity.
    ctx.clock.advance(SESSION_IDLE_MS - 1_000);
    expect((await me(cookie)).statusCode).toBe(200);
    ctx.clock.advance(SESSION_IDLE_MS + 1_000);
    const expired = await me(cookie);
    expect(expired.statusCode).toBe(401);
    expect((expired.json() as { error: { message: string } }).error.message).toMatch(/expired|ended/);
  });

  it('ends a session at its absolute cap however active the user is', async () => {
    const who = await seedAccount(ctx.container);
    const cookie = await login(ctx.app, who.email);
    let lastMaxAge = Infinity;
    for (let elapsed = 12 * HOUR; elapsed < SESSION_ABSOLUTE_MS; elapsed += 12 * HOUR) {
      ctx.clock.advance(12 * HOUR);
      const res = await me(cookie);
      expect(res.statusCode).toBe(200);
      lastMaxAge = Number(/Max-Age=(\d+)/.exec(setCookieOf(res) ?? '')?.[1]);
    }
    expect(lastMaxAge).toBeLessThan(SESSION_IDLE_MS / 1000); // the last renewal was capped
    ctx.clock.advance(12 * HOUR);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const who = await seedAccount(ctx.container);
    const cookie = await login(ctx.app, who.email);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(setCookieOf(out)).toMatch(/sl_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    const reuse = await me(cookie);
    expect(reuse.statusCode).toBe(401);
    expect((reuse.json() as { error: { message: string } }).error.message).toMatch(/sign in again/);
    // Signing out again is harmless.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(204);
  });

  it('issues a new session id at sign-in and ends the one the browser still had', async () => {
    const who = await seedAccount(ctx.container);
    const first = await login(ctx.app, who.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first },
      payload: { email: who.email, password: PASSWORD },
    });
    const second = sessionCookieOf(res)!;
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 and the same message as an unknown e-mail', async () => {
    const who = await seedAccount(ctx.container);
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: who.email, password: 'not the password' } });
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail('nobody'), password: PASSWORD } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect((wrong.json() as { error: { message: string } }).error.message).toBe((unknown.json() as { error: { message: string } }).error.message);
  });

  it('rate-limits sign-in per e-mail and IP: attempt N is allowed, N+1 answers 429; another IP still signs in', async () => {
    const who = await seedAccount(ctx.container);
    const n = LOGIN_LIMITS.perEmailPer15Min;
    const from = (remoteAddress: string) => ({ method: 'POST' as const, url: '/api/auth/login', remoteAddress, payload: { email: who.email, password: PASSWORD } });
    // Spend N−1 attempts directly (each real attempt costs a scrypt), then make the Nth over HTTP.
    const spent = await ctx.container.services.limits.take(loginChecks(who.email, '10.9.9.9'), n - 1);
    expect(spent?.allowed).toBe(true);
    const nth = await ctx.app.inject(from('10.9.9.9'));
    expect(nth.statusCode).toBe(200);
    const over = await ctx.app.inject(from('10.9.9.9'));
    // The attacker's address is locked out of this account; the owner's own client is not.
    expect((await ctx.app.inject(from('10.9.9.10'))).statusCode).toBe(200);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
    expect(over.headers['x-ratelimit-limit']).toBe(String(n));
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(over.headers['x-ratelimit-reset'])).toBeGreaterThan(ctx.clock.now() / 1000);
    ctx.clock.advance(15 * 60_000 + 1_000);
    expect((await ctx.app.inject(from('10.9.9.9'))).statusCode).toBe(200);
  });

  it('rate-limits sign-in per IP across e-mails', async () => {
    const n = LOGIN_LIMITS.perIpPer15Min;
    const [, perIp] = loginChecks('someone-else@example.com', '10.7.7.7');
    expect((await ctx.container.services.limits.take([perIp!], n))?.allowed).toBe(true);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.7.7.7',
      payload: { email: uniqueEmail(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(429);
    expect((res.json() as { error: { message: string } }).error.message).toMatch(/per IP/);
  });

  describe('cross-site requests carrying the cookie', () => {
    let cookie: string;
    beforeAll(async () => {
      cookie = await login(ctx.app, (await seedAccount(ctx.container)).email);
    });
    const createKey = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/keys', headers: { cookie, ...headers }, payload: { type: 'legacy' } });

    it.each([
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['Origin: null', { origin: 'null' }],
    ])('refuses an unsafe method with %s (403)', async (_label, headers) => {
      const res = await createKey(headers);
      expect(res.statusCode).toBe(403);
      expect((res.json() as { error: { message: string } }).error.message).toMatch(/Cross-site request refused/);
    });

    it('accepts the same request from the site itself', async () => {
      expect((await createKey({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost' })).statusCode).toBe(201);
    });

    it('lets safe methods through (SameSite=Lax navigation semantics)', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a cross-site sign-in form too (login CSRF)', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'sec-fetch-site': 'cross-site' },
        payload: { email: 'a@example.com', password: PASSWORD },
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
