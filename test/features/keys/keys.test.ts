/**
 * API keys from the dashboard key page API: shown once, stored as a hash, listed without the
 * secret, revoked within seconds everywhere, checksum-checked before any lookup, and never
 * written to a log line or an error message.
 */
import { eq } from 'drizzle-orm';
import { apiKeys } from '../../../src/db/schema/identity.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_CACHE_TTL_MS } from '../../../src/features/keys/keys.service.js';
import { parseKey } from '../../../src/features/keys/key-format.js';
import { dbKinds } from '../../support/db.js';
import { bearer, createIdentityContext, login, seedAccount, type IdentityContext } from '../../support/identity.js';
import { registerV1TestRoutes } from '../../support/v1-test-routes.js';

describe.each(dbKinds)('API keys on %s', (kind) => {
  let ctx: IdentityContext;
  let cookie: string;
  let accountId: string;
  let ownerEmail: string;

  beforeAll(async () => {
    ctx = await createIdentityContext(kind, { captureLogs: true, beforeReady: registerV1TestRoutes });
    const owner = await seedAccount(ctx.container);
    accountId = owner.accountId;
    ownerEmail = owner.email;
    cookie = await login(ctx.app, owner.email);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const create = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/keys', headers: { cookie }, payload });

  it('creates keys in both formats, shown once, stored only as a hash', async () => {
    const legacy = await create({ type: 'legacy', name: 'ci' });
    expect(legacy.statusCode).toBe(201);
    expect(legacy.headers['cache-control']).toBe('no-store');
    const l = legacy.json() as { id: string; key: string; prefix: string; scopes: string[]; mode: null };
    expect(l.key).toMatch(/^service_[0-9a-f]{24}$/);
    expect(l).toMatchObject({ prefix: l.key.slice(0, 12), scopes: [], mode: null });

    const v1 = (await create({ type: 'v1', scopes: ['write', 'read'], mode: 'test' })).json() as { key: string; scopes: string[]; mode: string };
    expect(v1.key).toMatch(/^sk_test_[0-9A-Za-z]{38}$/);
    expect(v1).toMatchObject({ scopes: ['read', 'write'], mode: 'test' });
    expect((((await create({ type: 'v1' })).json()) as { scopes: string[] }).scopes).toEqual(['read']); // least privilege

    const rows = await ctx.container.db.select({ hash: apiKeys.hash, prefix: apiKeys.prefix }).from(apiKeys).where(eq(apiKeys.accountId, accountId));
    const text = JSON.stringify(rows);
    for (const key of [l.key, v1.key]) expect(text).not.toContain(key.slice(12));
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it('lists keys without the secret or its hash', async () => {
    const { key } = (await create({ type: 'legacy' })).json() as { key: string };
    const list = await ctx.app.inject({ method: 'GET', url: '/api/keys', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.slice(12));
    const data = (list.json() as { data: Array<Record<string, unknown>> }).data;
    expect(data.length).toBeGreaterThanOrEqual(4);
    for (const item of data) {
      expect(Object.keys(item).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'mode', 'name', 'prefix', 'scopes', 'type']);
    }
  });

  it('refuses a mistyped key from its checksum alone', async () => {
    const { key } = (await create({ type: 'legacy' })).json() as { key: string };
    const typo = key.slice(0, 10) + (key[10] === 'a' ? 'b' : 'a') + key.slice(11);
    expect(parseKey(typo)).toMatchObject({ ok: false, reason: 'checksum' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(typo) });
    expect(res.statusCode).toBe(401);
    expect((res.json() as { error: { message: string } }).error.message).toMatch(/checksum/);
  });

  it(`revokes at once here and within ${KEY_CACHE_TTL_MS / 1000} s on another instance`, async () => {
    const other = await createIdentityContext(kind, { database: ctx.database, clock: ctx.clock });
    try {
      const { id, key } = (await create({ type: 'legacy' })).json() as { id: string; key: string };
      expect((await other.app.inject({ method: 'GET', url: '/api/me', headers: bearer(key) })).statusCode).toBe(200); // now cached there
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: { cookie } })).statusCode).toBe(204);
      const here = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(key) });
      expect(here.statusCode).toBe(401);
      expect((here.json() as { error: { message: string } }).error.message).toMatch(/revoked/);
      expect((await other.app.inject({ method: 'GET', url: '/api/me', headers: bearer(key) })).statusCode).toBe(200); // stale ≤ TTL
      ctx.clock.advance(KEY_CACHE_TTL_MS + 1);
      expect((await other.app.inject({ method: 'GET', url: '/api/me', headers: bearer(key) })).statusCode).toBe(401);
      // Revoking again is idempotent; a key id that is not this account's is 404.
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: { cookie } })).statusCode).toBe(204);
      expect((await ctx.app.inject({ method: 'DELETE', url: '/api/keys/00000000-0000-4000-8000-000000000000', headers: { cookie } })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('records last use in batches, not one write per request', async () => {
    const { id, key } = (await create({ type: 'v1' })).json() as { id: string; key: string };
    for (let i = 0; i < 3; i++) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/_test/keys/${id}`, headers: bearer(key) })).statusCode).toBe(200);
    }
    const lastUsed = async () =>
      ((await ctx.container.services.keys.list(accountId)).find((k) => k.id === id)?.lastUsedAt ?? null);
    expect(await lastUsed()).toBeNull(); // nothing written yet
    await ctx.container.services.keys.flushLastUsed();
    expect(await lastUsed()).toBe(new Date(ctx.clock.now()).toISOString());
  });

  it('refuses an expired key with 401 saying so', async () => {
    const { key } = (await create({ type: 'legacy', expiresInDays: 1 })).json() as { key: string };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(key) })).statusCode).toBe(200);
    ctx.clock.advance(24 * 3_600_000 + KEY_CACHE_TTL_MS);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(key) });
    expect(res.statusCode).toBe(401);
    expect((res.json() as { error: { message: string } }).error.message).toMatch(/expired/);
    cookie = await login(ctx.app, ownerEmail); // a day passed: the dashboard session idled out too
  });

  it('never writes a key to the logs or into an error message', async () => {
    const created = [(await create({ type: 'legacy' })).json(), (await create({ type: 'v1', scopes: ['read'] })).json()] as Array<{ id: string; key: string }>;
    const [legacy, v1] = created as [{ id: string; key: string }, { id: string; key: string }];
    const attempts = [
      { url: '/api/me', headers: bearer(legacy.key) },
      { url: '/api/me', headers: bearer(v1.key) }, // wrong surface
      { url: '/api/me', headers: bearer(`${legacy.key}x`) }, // malformed
      { url: '/api/me', headers: { authorization: `Token ${legacy.key}` } }, // wrong scheme
      { url: '/api/v1/_test/things', method: 'POST' as const, headers: bearer(v1.key) }, // insufficient scope
      { url: '/api/v1/_test/keys/zzz', headers: bearer(legacy.key) }, // wrong surface on v1
      { url: '/api/keys', headers: bearer(legacy.key) }, // session-only route
    ];
    await ctx.app.inject({ method: 'DELETE', url: `/api/keys/${legacy.id}`, headers: { cookie } });
    attempts.push({ url: '/api/me', headers: bearer(legacy.key) }); // revoked
    for (const a of attempts) {
      const res = await ctx.app.inject({ method: a.method ?? 'GET', url: a.url, headers: a.headers, ...(a.method === 'POST' ? { payload: {} } : {}) });
      for (const { key } of created) {
        expect(res.body).not.toContain(key.slice(8));
        expect(JSON.stringify(res.headers)).not.toContain(key.slice(8));
      }
    }
    await ctx.container.services.keys.flushLastUsed();
    ctx.container.log.flush?.();
    const logs = ctx.logText();
    expect(logs).toContain('"url":"/api/me"'); // requests were logged…
    for (const { key } of created) expect(logs).not.toContain(key.slice(8)); // …without the key
  });
});
