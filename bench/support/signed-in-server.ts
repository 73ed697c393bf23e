/**
 * The server of bench/signed-in.ts, in its own process: Sightline exactly as `npm start` runs it
 * (`run('start')`: migrations, HTTP API, job worker and scheduler in one process; LOG_LEVEL info,
 * logs written to /dev/null; embedded PGlite in a temporary data directory on disk, or a fresh
 * database on the PostgreSQL server of DATABASE_URL). Then it sets up what the load
 * needs through the services (sign-up, sign-in, brand, keys) and prints one JSON line:
 * the URL, a session cookie, the brand id, a v1 key with unreachable limits and a free-tier
 * v1 key. Answers `cpu` over IPC with its process CPU time, and profiles on request.
 */
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { run } from '../../src/cli/runtime.js';
import { SESSION_COOKIE } from '../../src/http/auth.js';
import { createLogger } from '../../src/lib/logger.js';
import { createPostgresDatabase } from '../../test/support/db.js';
import { externalDatabaseUrl } from '../../test/support/env.js';

const dataDir = mkdtempSync(join(tmpdir(), 'sightline-bench-'));
// The parent passes DATABASE_URL for --db postgres; createPostgresDatabase makes a fresh database there.
const pgDatabase = externalDatabaseUrl ? await createPostgresDatabase() : undefined;
const config = loadConfig({
  LOG_LEVEL: 'info',
  PORT: '0',
  DATA_DIR: dataDir,
  PLATFORMS_MODE: 'simulate',
  ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
  ...(process.env.BENCH_METRICS_TOKEN ? { METRICS_TOKEN: process.env.BENCH_METRICS_TOKEN } : {}),
});
const log = createLogger({ level: config.logLevel, stream: createWriteStream('/dev/null') });
const running = await run('start', config, log);
const { accounts, auth, brands, keys } = running.container.services;

const password = 'bench password 1';
const { account, user } = await accounts.createAccount({ email: 'reader@example.com', password, tier: 'growth' });
const { session } = await auth.login({ email: 'reader@example.com', password, ip: '127.0.0.1' });
const brand = await brands.create(
  { accountId: account.id, userId: user.id, tier: 'growth' },
  { name: 'Roborock', category: 'robot vacuums', aliases: ['石头'], competitors: ['Ecovacs', 'Dreame'] },
);
// v1 reads that no run can exhaust, and a free-tier key whose burst (20/min) the bench uses up.
await accounts.setTier(account.id, 'enterprise', { hourly: 1e12, daily: 1e12, burstPerMinute: 1e12 });
const openKey = await keys.create({ accountId: account.id, userId: user.id, type: 'v1', scopes: ['read'] });
const free = await accounts.createAccount({ email: 'free@example.com', password });
const freeBrand = await brands.create({ accountId: free.account.id, userId: free.user.id, tier: 'free' }, { name: 'Acme', category: 'anvils' });
const freeKey = await keys.create({ accountId: free.account.id, userId: free.user.id, type: 'v1', scopes: ['read'] });

process.stdout.write(
  `${JSON.stringify({
    url: running.url!.replace('localhost', '127.0.0.1'),
    cookie: `${SESSION_COOKIE}=${session.id}`,
    brandId: brand.id,
    key: openKey.key,
    freeKey: freeKey.key,
    freeBrandId: freeBrand.id,
    store: running.container.database.kind,
  })}\n`,
);

async function stop() {
  await running.stop().catch(() => {});
  await pgDatabase?.drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
// IPC from bench/signed-in.ts: 'cpu' → process CPU time; 'profile:start' / 'profile:stop:<file>'
// → a V8 CPU profile of the load phases only (not of start-up and setup, unlike node --cpu-prof).
const inspector = new Session();
inspector.connect();
process.on('message', (message: string) => {
  if (message === 'cpu') return process.send?.(process.cpuUsage());
  if (message === 'profile:start') {
    void inspector.post('Profiler.enable').then(() => inspector.post('Profiler.start')).then(() => process.send?.('ok'));
  } else if (message.startsWith('profile:stop:')) {
    void inspector.post('Profiler.stop').then(({ profile }) => {
      writeFileSync(message.slice('profile:stop:'.length), JSON.stringify(profile));
      process.send?.('ok');
    });
  }
});
