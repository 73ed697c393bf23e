/**
 * A whole Sightline for identity tests, like test/support/app.ts's createTestContext but with
 * the two things these tests need to control: the clock (sessions, windows, key expiry are
 * tested by moving time, never by sleeping) and the log stream (keys must never reach it).
 * Identity tests never call a platform, so no simulator is started.
 */
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createContainer, type Container } from '../../src/container.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { startSimulator } from '../../src/platforms/simulator/index.js';
import type { DatabaseKind } from '../../src/db/client.js';
import type { Role, Tier } from '../../src/db/schema/identity.js';
import * as accountsRepo from '../../src/features/accounts/accounts.repo.js';
import { hashPassword } from '../../src/features/accounts/passwords.js';
import type { Scope } from '../../src/features/auth/principal.js';
import type { LimitStore } from '../../src/features/limits/store.js';
import type { App } from '../../src/http/types.js';
import { createLogger } from '../../src/lib/logger.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { testConfig } from './env.js';
import { captureLog } from './log-capture.js';

/** 2030-01-15T10:00:00Z: mid-month, so usage periods and day windows are unambiguous. */
export const T0 = Date.UTC(2030, 0, 15, 10, 0, 0);

export interface TestClock {
  now(): number;
  advance(ms: number): void;
  set(epochMs: number): void;
}

export function testClock(start = T0): TestClock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}

export interface IdentityContext {
  app: App;
  database: TestDatabase;
  container: Container;
  clock: TestClock;
  /** Every log line written so far (JSON text), when created with captureLogs. */
  logText(): string;
  close(): Promise<void>;
}

export interface IdentityContextOptions {
  env?: Record<string, string>;
  clock?: TestClock;
  captureLogs?: boolean;
  limitStore?: LimitStore;
  /** Share another context's database (a second app instance); it is then not closed here. */
  database?: TestDatabase;
  beforeReady?: (app: App, container: Container) => void | Promise<void>;
  /** Start a real platform simulator (routes that scan or rewrite). */
  withSimulator?: boolean;
}

export async function createIdentityContext(kind: DatabaseKind, options: IdentityContextOptions = {}): Promise<IdentityContext> {
  const captured = options.captureLogs ? captureLog('trace') : undefined;
  const log = captured?.log ?? createLogger({ level: 'silent' });
  const clock = options.clock ?? testClock();
  const database = options.database ?? (await createTestDatabase(kind));
  // Most identity tests never reach a platform; the security matrix's positive controls do.
  const simulator = options.withSimulator ? await startSimulator({ host: '127.0.0.1', port: 0 }) : undefined;
  const container = await createContainer({
    config: testConfig(options.env),
    log,
    database,
    simulatorUrl: simulator?.url ?? 'http://127.0.0.1:9',
    clock: clock.now,
    ...(options.limitStore ? { limitStore: options.limitStore } : {}),
  });
  registerJobs(container);
  const app = await buildApp(container);
  await options.beforeReady?.(app, container);
  await app.ready();
  return {
    app,
    database,
    container,
    clock,
    logText: () => captured?.text() ?? '',
    async close() {
      await app.close();
      await container.close();
      if (!options.database) await database.close();
      await simulator?.close();
    },
  };
}

export const PASSWORD = 'correct horse battery staple';
/** One real scrypt hash per test file: seeding users costs no hashing. */
let sharedHash: Promise<string> | undefined;

export interface Seeded {
  accountId: string;
  userId: string;
  email: string;
}

let seq = 0;
export const uniqueEmail = (label = 'user') => `${label}-${process.pid}-${Date.now()}-${++seq}@example.com`;

/** An account with one user (role owner unless said), inserted directly; the password is PASSWORD. */
export async function seedAccount(container: Container, options: { tier?: Tier; role?: Role; email?: string } = {}): Promise<Seeded> {
  sharedHash ??= hashPassword(PASSWORD);
  const account = await accountsRepo.insertAccount(container.db, options.tier ?? 'free');
  return seedUser(container, account.id, options);
}

export async function seedUser(container: Container, accountId: string, options: { role?: Role; email?: string } = {}): Promise<Seeded> {
  sharedHash ??= hashPassword(PASSWORD);
  const email = options.email ?? uniqueEmail(options.role ?? 'owner');
  const user = await accountsRepo.insertUser(container.db, { accountId, email, passwordHash: await sharedHash, role: options.role ?? 'owner' });
  return { accountId, userId: user!.id, email };
}

export async function createKey(
  container: Container,
  who: Seeded,
  type: 'legacy' | 'v1',
  options: { scopes?: Scope[]; mode?: 'live' | 'test' } = {},
): Promise<{ id: string; key: string }> {
  const created = await container.services.keys.create({ accountId: who.accountId, userId: who.userId, type, ...options });
  return { id: created.id, key: created.key };
}

/** Signs in over HTTP and returns the `name=value` of the session cookie. */
export async function login(app: App, email: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookieOf(res)!;
}

export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'sl_session');
  return cookie ? `sl_session=${cookie.value}` : undefined;
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
