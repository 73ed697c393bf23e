/**
 * A tenant (account + owner + keys) made straight through the repos and the keys service (no
 * password hashing: these tests never sign in with a password), and JSON over real HTTP.
 */
import { randomUUID } from 'node:crypto';
import type { Tier } from '../../src/db/schema/identity.js';
import * as accountsRepo from '../../src/features/accounts/accounts.repo.js';
import type { TestContext } from './app.js';

export interface Tenant {
  accountId: string;
  userId: string;
  /** The owner's e-mail (no password: see above). */
  email: string;
  /** v1 keys. */
  write: string;
  read: string;
  /** legacy `service_…` key. */
  legacy: string;
}

/** Needs only the container: the fault suite, which runs its own processes, has no TestContext. */
export async function createTenant(ctx: Pick<TestContext, 'container'>, tier: Tier = 'growth'): Promise<Tenant> {
  const { db } = ctx.container;
  const account = await accountsRepo.insertAccount(db, tier);
  const email = `owner-${randomUUID()}@example.test`;
  const user = await accountsRepo.insertUser(db, {
    accountId: account.id,
    email,
    passwordHash: 'not-used-by-these-tests',
    role: 'owner',
  });
  const { keys } = ctx.container.services;
  const base = { accountId: account.id, userId: user!.id };
  const [write, read, legacy] = await Promise.all([
    keys.create({ ...base, type: 'v1', scopes: ['write'] }),
    keys.create({ ...base, type: 'v1', scopes: ['read'] }),
    keys.create({ ...base, type: 'legacy' }),
  ]);
  return { accountId: account.id, userId: user!.id, email, write: write.key, read: read.key, legacy: legacy.key };
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON of whichever route the suite calls (about 290 reads in 12 suites); typing each suite's bodies is its own change, not this one.
  body: any;
  /** How long the answer took, body included. */
  ms: number;
}

/**
 * A request over real HTTP; the body is parsed when the answer is JSON (CSV stays text), null when
 * empty. With `timeoutMs` a hang fails the test (the request aborts) instead of stalling it.
 */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; raw?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<JsonResponse> {
  const start = Date.now();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.raw !== undefined || options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = options.raw ?? JSON.stringify(options.body);
  }
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(options.timeoutMs !== undefined ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('json');
  return { status: res.status, headers: res.headers, body: text ? (json ? JSON.parse(text) : text) : null, ms: Date.now() - start };
}
