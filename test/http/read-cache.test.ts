/**
 * The signed-in read cache (src/http/read-cache.ts) and the session cache behind it: a repeated
 * GET is answered from memory for READ_CACHE_MS, never across tenants or users, an account's own
 * write is visible to its next read at once, and a sign-out ends the session at once in this
 * process and within SESSION_CACHE_TTL_MS in another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brands as brandsTable } from '../../src/db/schema/scanning.js';
import { SESSION_CACHE_TTL_MS } from '../../src/features/auth/auth.service.js';
import { sleep } from '../../src/lib/time.js';
import { dbKinds } from '../support/db.js';
import { createIdentityContext, login, seedAccount, seedUser, type IdentityContext } from '../support/identity.js';

const TTL_MS = 400;

describe.each(dbKinds)('signed-in read cache on %s', (kind) => {
  let ctx: IdentityContext;
  let uncached: IdentityContext;

  beforeAll(async () => {
    ctx = await createIdentityContext(kind, { env: { READ_CACHE_MS: String(TTL_MS) } });
    uncached = await createIdentityContext(kind, { env: { READ_CACHE_MS: '0' }, database: ctx.database, clock: ctx.clock });
  });
  afterAll(async () => {
    await uncached?.close();
    await ctx?.close();
  });

  async function brandOf(accountId: string, userId: string, name: string) {
    return ctx.container.services.brands.create({ accountId, userId, tier: 'growth' }, { name, category: 'robot vacuums' });
  }
  const rename = (id: string, name: string) => ctx.container.db.update(brandsTable).set({ name }).where(eq(brandsTable.id, id));

  it('answers a repeated read from memory until READ_CACHE_MS, with the same body and headers of its own', async () => {
    const owner = await seedAccount(ctx.container, { tier: 'growth' });
    const brand = await brandOf(owner.accountId, owner.userId, 'Roborock');
    const cookie = await login(ctx.app, owner.email);
    const get = () => ctx.app.inject({ method: 'GET', url: `/api/brands/${brand.id}`, headers: { cookie } });

    const first = await get();
    expect(first.statusCode).toBe(200);
    await rename(brand.id, 'Renamed behind the cache');
    const second = await get();
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body); // served from memory: the direct rename is not seen yet
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // The same request on a process without the cache sees the database.
    const live = await uncached.app.inject({ method: 'GET', url: `/api/brands/${brand.id}`, headers: { cookie } });
    expect(live.json().brand.name).toBe('Renamed behind the cache');

    await sleep(TTL_MS + 50);
    expect((await get()).json().brand.name).toBe('Renamed behind the cache');
  });

  it('answers a Cache-Control: no-cache read (an explicit refresh) live, and keeps that answer', async () => {
    const owner = await seedAccount(ctx.container, { tier: 'growth' });
    const brand = await brandOf(owner.accountId, owner.userId, 'Narwal');
    const cookie = await login(ctx.app, owner.email);
    const get = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: `/api/brands/${brand.id}`, headers: { cookie, ...headers } });
    expect((await get()).json().brand.name).toBe('Narwal');
    await rename(brand.id, 'Narwal Freo');
    expect((await get()).json().brand.name).toBe('Narwal'); // cached
    expect((await get({ 'cache-control': 'no-cache' })).json().brand.name).toBe('Narwal Freo');
    expect((await get()).json().brand.name).toBe('Narwal Freo'); // the refreshed answer replaced the old one
  });

  it("shows the account's own write at once", async () => {
    const owner = await seedAccount(ctx.container, { tier: 'growth' });
    const cookie = await login(ctx.app, owner.email);
    const list = () => ctx.app.inject({ method: 'GET', url: '/api/brands', headers: { cookie } });
    expect((await list()).json().brands).toEqual([]);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/brands', headers: { cookie }, payload: { name: 'Dreame', category: 'robot vacuums' } });
    expect(created.statusCode).toBe(201);
    expect((await list()).json().brands.map((b: { name: string }) => b.name)).toEqual(['Dreame']);
  });

  it('never serves one caller another tenant’s or another user’s answer', async () => {
    const a = await seedAccount(ctx.container, { tier: 'growth' });
    const member = await seedUser(ctx.container, a.accountId, { role: 'member' });
    const b = await seedAccount(ctx.container, { tier: 'growth' });
    const brand = await brandOf(a.accountId, a.userId, 'Ecovacs');
    const [cookieA, cookieMember, cookieB] = [await login(ctx.app, a.email), await login(ctx.app, member.email), await login(ctx.app, b.email)];

    const url = `/api/brands/${brand.id}`;
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: cookieA } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: cookieB } })).statusCode).toBe(404);

    const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect((await me(cookieA)).json().user.email).toBe(a.email);
    expect((await me(cookieMember)).json().user.email).toBe(member.email);
    expect((await me(cookieA)).json().user.email).toBe(a.email);
  });

  it('does not keep errors or answers without a caller', async () => {
    const owner = await seedAccount(ctx.container, { tier: 'growth' });
    const cookie = await login(ctx.app, owner.email);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await ctx.app.inject({ method: 'GET', url: `/api/brands/${missing}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('ends a signed-out session at once here, and within the session cache TTL in another process', async () => {
    const owner = await seedAccount(ctx.container, { tier: 'growth' });
    const cookie = await login(ctx.app, owner.email);
    const me = (app: IdentityContext['app']) => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect((await me(ctx.app)).statusCode).toBe(200);
    expect((await me(uncached.app)).statusCode).toBe(200); // now cached in the second instance too

    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(204);
    expect((await me(ctx.app)).statusCode).toBe(401);
    // The other instance trusts its cached lookup for at most SESSION_CACHE_TTL_MS (its clock).
    ctx.clock.advance(SESSION_CACHE_TTL_MS + 1);
    expect((await me(uncached.app)).statusCode).toBe(401);
  });
});
