/**
 * Limits across processes: the Redis store decides exactly like the memory store, charges all
 * windows or none atomically, and two app instances on one database share one budget.
 * Runs when REDIS_URL is set (CI sets it); skipped otherwise.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/features/limits/memory-store.js';
import { createRedisStore } from '../../../src/features/limits/redis-store.js';
import type { LimitCheck, LimitStore } from '../../../src/features/limits/store.js';
import { dbKinds } from '../../support/db.js';
import { externalRedisUrl } from '../../support/env.js';
import { bearer, createIdentityContext, createKey, seedAccount, T0, type IdentityContext } from '../../support/identity.js';

const redisUrl = externalRedisUrl ?? '';
const isolatedPrefix = () => `sl:test:${process.pid}:${randomBytes(4).toString('hex')}:`;

describe.skipIf(!externalRedisUrl)('Redis limit store', () => {
  const opened: LimitStore[] = [];
  const redisStore = async (prefix: string) => {
    const store = await createRedisStore({ url: redisUrl, prefix });
    opened.push(store);
    return store;
  };
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
  });

  it('decides exactly like the memory store on any sequence of requests', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 1, max: 3 }), fc.boolean()), { minLength: 1, maxLength: 40 }),
        async (steps) => {
          const memory = createMemoryStore();
          const redis = await redisStore(isolatedPrefix());
          const checks: LimitCheck[] = [
            { key: 'burst', spec: { limit: 6, windowMs: 10_000, slices: 10 } },
            { key: 'long', spec: { limit: 15, windowMs: 60_000, slices: 60 } },
          ];
          let t = T0;
          for (const [dt, cost, both] of steps) {
            t += dt;
            const use = both ? checks : [checks[1]!];
            const [a, b] = [await memory.hit(use, cost, t), await redis.hit(use, cost, t)];
            expect(b.allowed).toBe(a.allowed);
            const sorted = (s: readonly (readonly [number, number])[]) => [...s].map(([i, c]) => `${i}:${c}`).sort();
            expect(b.states.map(sorted)).toEqual(a.states.map(sorted));
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('two connections racing for the last requests never overspend (check-all-then-charge is atomic)', async () => {
    const prefix = isolatedPrefix();
    const [one, two] = [await redisStore(prefix), await redisStore(prefix)];
    const checks: LimitCheck[] = [
      { key: 'race:m', spec: { limit: 25, windowMs: 60_000, slices: 60 } },
      { key: 'race:h', spec: { limit: 1_000, windowMs: 3_600_000, slices: 60 } },
    ];
    const results = await Promise.all(Array.from({ length: 80 }, (_, i) => (i % 2 ? one : two).hit(checks, 1, T0)));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    // The 55 refusals were not charged to the hourly window.
    const after = await one.hit([checks[1]!], 0, T0);
    expect(after.states[0]!.reduce((sum, [, c]) => sum + c, 0)).toBe(25);
  });
});

describe.skipIf(!externalRedisUrl).each(dbKinds)('two app instances on %s share one budget through Redis', (kind) => {
  let first: IdentityContext;
  let second: IdentityContext;

  beforeAll(async () => {
    const prefix = isolatedPrefix();
    const routes = (app: IdentityContext['app']) => {
      app.get('/api/v1/_test/ping', { config: { limit: 'v1' } }, async () => ({ ok: true }));
    };
    first = await createIdentityContext(kind, { limitStore: await createRedisStore({ url: redisUrl, prefix }), beforeReady: routes });
    second = await createIdentityContext(kind, {
      limitStore: await createRedisStore({ url: redisUrl, prefix }),
      database: first.database,
      clock: first.clock,
      beforeReady: routes,
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('spends one account budget across both instances, to the request', async () => {
    const who = await seedAccount(first.container);
    await first.container.services.accounts.setTier(who.accountId, 'free', { burstPerMinute: 12 });
    const { key } = await createKey(first.container, who, 'v1');
    const ping = (ctx: IdentityContext) => ctx.app.inject({ method: 'GET', url: '/api/v1/_test/ping', headers: bearer(key) });
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => ping(i % 2 ? first : second).then((r) => r.statusCode)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(12);
    expect(statuses.filter((s) => s === 429)).toHaveLength(18);
    const refused = await ping(second);
    expect(refused.headers['x-ratelimit-limit']).toBe('12');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    first.clock.advance(Number(refused.headers['retry-after']) * 1000);
    expect((await ping(first)).statusCode).toBe(200);
  });
});
