/**
 * `sightline account create` and `sightline key create` as a user runs them: one JSON object on
 * stdout, one line on stderr and exit code 1 for a mistake, and a key that then works.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { createKeysService } from '../../src/features/keys/keys.service.js';
import { createLogger } from '../../src/lib/logger.js';
import { createPostgresDatabase, dbKinds } from '../support/db.js';

// Each verb is a fresh process that opens (and on PGlite, boots) the database: slow on a busy machine.
const CLI_TIMEOUT_MS = 180_000;

describe.each(dbKinds)('account and key verbs on %s', { timeout: CLI_TIMEOUT_MS }, (kind) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (kind === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'sightline-cli-'));
      env = { DATA_DIR: dir };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const { url, drop } = await createPostgresDatabase();
      env = { DATABASE_URL: url };
      cleanup = drop;
    }
  });
  afterAll(async () => {
    await cleanup?.();
  });

  const run = (...args: string[]) => {
    const { DATABASE_URL: _d, REDIS_URL: _r, DATA_DIR: _dd, ...outer } = process.env;
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/cli.ts', ...args], {
      env: { ...outer, LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { code: res.status, stdout: res.stdout, stderr: res.stderr };
  };

  it('creates an account, then keys of both kinds that verify', async () => {
    const account = run('account', 'create', '--email', 'Owner@Example.com', '--password', 'correct horse', '--tier', 'growth');
    expect(account.stderr).toBe('');
    expect(account.code).toBe(0);
    const created = JSON.parse(account.stdout) as Record<string, string>;
    expect(Object.keys(created).sort()).toEqual(['accountId', 'email', 'tier', 'userId']);
    expect(created).toMatchObject({ email: 'owner@example.com', tier: 'growth' });

    const v1 = run('key', 'create', '--email', 'owner@example.com', '--type', 'v1', '--scopes', 'read,write', '--mode', 'test');
    expect(v1.code).toBe(0);
    const key = JSON.parse(v1.stdout) as { id: string; key: string; prefix: string; type: string; scopes: string[] };
    expect(Object.keys(key).sort()).toEqual(['id', 'key', 'prefix', 'scopes', 'type']);
    expect(key).toMatchObject({ type: 'v1', scopes: ['read', 'write'], prefix: key.key.slice(0, 12) });
    expect(key.key).toMatch(/^sk_test_/);
    const legacy = JSON.parse(run('key', 'create', '--email', 'owner@example.com', '--type', 'legacy').stdout) as { key: string; scopes: string[] };
    expect(legacy.key).toMatch(/^service_[0-9a-f]{24}$/);
    expect(legacy.scopes).toEqual([]);

    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
    try {
      const keys = createKeysService({ db: database.db, now: Date.now, log: createLogger({ level: 'silent' }) });
      expect(await keys.authenticate(key.key, 'v1')).toMatchObject({ accountId: created.accountId, tier: 'growth', scopes: ['read', 'write'], mode: 'test' });
      expect(await keys.authenticate(legacy.key, 'legacy')).toMatchObject({ accountId: created.accountId, via: 'legacy_key' });
      await keys.close();
    } finally {
      await database.close();
    }
  });

  it('invites a member: prints the link, which then opens the invitation', async () => {
    const res = run('member', 'invite', '--email', 'owner@example.com', '--invitee', 'Colleague@Example.com', '--role', 'viewer');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const printed = JSON.parse(res.stdout) as Record<string, string>;
    expect(Object.keys(printed).sort()).toEqual(['email', 'emailed', 'expiresAt', 'inviteId', 'role', 'url']);
    expect(printed).toMatchObject({ email: 'colleague@example.com', role: 'viewer', emailed: 'disabled' });
    expect(printed.url).toMatch(/^http:\/\/[^/]+\/invite#token=inv_[A-Za-z0-9_-]{43}$/);
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
    try {
      const { createAccountsService } = await import('../../src/features/accounts/accounts.service.js');
      const { createInvitesService } = await import('../../src/features/team/invites.service.js');
      const accounts = createAccountsService({ db: database.db });
      const invites = createInvitesService({ db: database.db, now: Date.now, accounts, notifications: {} as never });
      const preview = await invites.preview(printed.url!.split('#token=')[1]!);
      expect(preview).toMatchObject({ invite: { email: 'colleague@example.com', role: 'viewer', invitedBy: 'owner@example.com' }, userExists: false });
    } finally {
      await database.close();
    }
  });

  it.each([
    [['member', 'invite', '--email', 'owner@example.com', '--invitee', 'nope', '--role', 'member'], /--invitee/],
    [['member', 'invite', '--email', 'nobody@example.com', '--invitee', 'x@example.com', '--role', 'member'], /no user/],
    [['member', 'invite', '--email', 'owner@example.com', '--invitee', 'owner@example.com', '--role', 'member'], /already a member/],
    [['account', 'create', '--email', 'owner@example.com', '--password', 'another password'], /already exists/],
    [['account', 'create', '--email', 'not-an-email', '--password', 'correct horse'], /--email/],
    [['account', 'create', '--email', 'short@example.com', '--password', 'short'], /--password/],
    [['key', 'create', '--email', 'nobody@example.com', '--type', 'legacy'], /no user/],
    [['key', 'create', '--email', 'owner@example.com', '--type', 'legacy', '--scopes', 'read'], /v1 keys only/],
    [['key', 'create', '--email', 'owner@example.com', '--type', 'v1', '--scopes', 'root'], /--scopes/],
  ])('refuses %j with one line on stderr and exit code 1', (args, message) => {
    const res = run(...args);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(message);
  });
});
