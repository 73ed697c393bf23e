/**
 * Hardening found by an outside fuzzer and an OWASP API Top-10 pass, each over real requests:
 * nesting bombs, slow bodies, unknown methods, wrong passwords of any length, common passwords,
 * lockout by a stranger, caching of authenticated answers, the scheme in the same-origin check,
 * SQL parameters in the error log, the website as typed, and which surface owns a webhook.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../support/db.js';
import { bearer, createIdentityContext, createKey, login, PASSWORD, seedAccount, seedUser, uniqueEmail, type IdentityContext } from '../support/identity.js';

describe.each(dbKinds)('hardening (%s)', (kind) => {
  let ctx: IdentityContext;
  beforeAll(async () => {
    ctx = await createIdentityContext(kind, { captureLogs: true, env: { REQUEST_TIMEOUT: '1s' } });
  });
  afterAll(() => ctx?.close());

  it('refuses a deeply nested body on sign-in with 400 before parsing it, quickly', async () => {
    const depth = 400_000;
    const payload = `{"email":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`;
    const started = performance.now();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(413); // also over sign-in's small body limit
    const nested = `{"email":${'['.repeat(100)}${']'.repeat(100)},"password":"x"}`;
    const deep = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: nested });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.message).toMatch(/nests deeper than 32/);
    const big = `{"brand":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const v1 = await ctx.app.inject({ method: 'POST', url: '/api/check/run', headers: { 'content-type': 'application/json' }, payload: big });
    expect(v1.statusCode).toBe(400);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('cuts a body sent one byte at a time (slow loris) with 408 once REQUEST_TIMEOUT passes', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
    });
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers 405 (not 400) to methods such as QUERY and FOO', async () => {
    const res = await ctx.app.inject({ method: 'QUERY' as 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('GET');
    const address = ctx.app.server.address() as net.AddressInfo;
    const socket = net.connect(address.port, '127.0.0.1');
    socket.write('FOO /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const text = await new Promise<string>((resolve) => {
      let t = '';
      socket.on('data', (d) => (t += d.toString()));
      socket.on('close', () => resolve(t));
    });
    expect(text).toMatch(/^HTTP\/1\.1 405/);
    expect(text).toContain('METHOD_NOT_ALLOWED');
  });

  it('answers 401 for any wrong password, whatever its length', async () => {
    const who = await seedAccount(ctx.container);
    for (const password of ['x', 'short', 'a'.repeat(1024)]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: who.email, password }, remoteAddress: '10.1.1.1' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses common and context-specific passwords at sign-up with 400 naming the field', async () => {
    const email = uniqueEmail('alice');
    for (const password of ['password', '12345678', email, 'sightline2024']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password }, remoteAddress: '10.2.2.2' });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.field).toBe('password');
    }
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: PASSWORD }, remoteAddress: '10.2.2.2' });
    expect(ok.statusCode).toBe(201);
  });

  it('marks every authenticated answer Cache-Control: no-store, errors included', async () => {
    const who = await seedAccount(ctx.container);
    const cookie = await login(ctx.app, who.email);
    const v1 = await createKey(ctx.container, who, 'v1', { scopes: ['read'] });
    for (const res of [
      await ctx.app.inject({ url: '/api/me', headers: { cookie } }),
      await ctx.app.inject({ url: '/api/v1/brands', headers: bearer(v1.key) }),
      await ctx.app.inject({ url: '/api/v1/brands' }), // 401
      await ctx.app.inject({ url: '/api/v1/brands/nope', headers: bearer(v1.key) }), // 404
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('compares the scheme in the same-origin check', async () => {
    const who = await seedAccount(ctx.container);
    const cookie = await login(ctx.app, who.email);
    const create = (origin: string) => ctx.app.inject({ method: 'POST', url: '/api/keys', headers: { cookie, origin, host: 'sightline.test' }, payload: { type: 'legacy' } });
    expect((await create('https://sightline.test')).statusCode).toBe(403); // the service is http here
    expect((await create('http://sightline.test')).statusCode).toBe(201);
  });

  it('never logs the parameters of a failed database write (no whsec_ secret in the log)', async () => {
    const who = await seedAccount(ctx.container);
    const admin = await createKey(ctx.container, who, 'v1', { scopes: ['admin'] });
    await ctx.container.db.execute(sql.raw(`create or replace function refuse_webhooks() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`));
    await ctx.container.db.execute(sql.raw('create trigger refuse_webhooks before insert on webhooks for each row execute function refuse_webhooks()'));
    try {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/webhooks', headers: bearer(admin.key), payload: { url: 'https://hooks.example.com/in', events: ['citation.discovered'] } });
      expect(res.statusCode).toBe(500);
      const log = ctx.logText();
      expect(log).toContain('refused by test'); // the failure itself is logged…
      expect(log).toContain('insert into \\"webhooks\\"'); // …with its SQL…
      expect(log).not.toMatch(/whsec_/); // …but never its parameters
    } finally {
      await ctx.container.db.execute(sql.raw('drop trigger refuse_webhooks on webhooks'));
      await ctx.container.db.execute(sql.raw('drop function refuse_webhooks()'));
    }
  });

  it('lets a viewer read but not spend: POST /api/query and /api/aeo/rewrite answer 403 naming the role', async () => {
    const owner = await seedAccount(ctx.container);
    const viewer = await seedUser(ctx.container, owner.accountId, { role: 'viewer' });
    const cookie = await login(ctx.app, viewer.email);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    for (const url of ['/api/query', '/api/aeo/rewrite']) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload: { brand: 'Acme', category: 'tools', text: 'x' } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toMatch(/member/);
    }
  });

  it('returns a brand website as typed, with the normalised form beside it', async () => {
    const who = await seedAccount(ctx.container, { tier: 'growth' });
    const key = await createKey(ctx.container, who, 'v1', { scopes: ['write'] });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/brands', headers: bearer(key.key), payload: { name: 'Acme', category: 'tools', website: 'acme.com' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().brand).toMatchObject({ website: 'acme.com', websiteUrl: 'https://acme.com/' });
  });

  it('v1 lists and deletes only the webhooks v1 registered; dashboard webhooks stay the dashboard’s', async () => {
    const who = await seedAccount(ctx.container, { tier: 'growth' });
    const admin = await createKey(ctx.container, who, 'v1', { scopes: ['admin'] });
    const dashboardHook = await ctx.container.services.webhooks.create(
      { accountId: who.accountId, userId: who.userId },
      { url: 'https://hooks.example.com/dash', events: ['wiki.page.created'], brandId: null, source: 'dashboard' } as never,
    );
    const list = await ctx.app.inject({ url: '/api/v1/webhooks', headers: bearer(admin.key) });
    expect(list.json().webhooks.map((w: { webhookId: string }) => w.webhookId)).not.toContain(dashboardHook.webhook.id);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${dashboardHook.webhook.id}`, headers: bearer(admin.key) });
    expect(del.statusCode).toBe(404);
    expect((await ctx.container.services.webhooks.get(who.accountId, dashboardHook.webhook.id)).id).toBe(dashboardHook.webhook.id);
  });
});
