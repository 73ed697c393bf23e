/**
 * Authenticated v1 GET vs the same route without auth and limits.
 *
 *   npx tsx bench/auth.ts [--seconds 8] [--connections 10] [--rounds 2]
 *
 * The server runs in a child process (the same file with --serve) so autocannon does not share
 * its event loop. It is Sightline's app as `npm start` builds it (logs to /dev/null, embedded
 * database, memory limit store) plus two routes with the same handler, one indexed read of the
 * account by primary key:
 *   /api/v1/_bench/account      config { auth: 'v1', scope: 'read', limit: 'v1' }: key check + 3 windows
 *   /api/_bench/open/account/:id config { auth: 'none' }
 * The key belongs to an enterprise account whose custom limits no run can exhaust, so every
 * request does the full work (a 429 would be cheaper and flatter the ratio). Phases alternate
 * for --rounds rounds so background load hits both alike. Exit 0 when ratio ≥ 0.5.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
  },
});

async function serve() {
  const { buildApp } = await import('../src/app.js');
  const { loadConfig } = await import('../src/config.js');
  const { createContainer } = await import('../src/container.js');
  const { openDatabase } = await import('../src/db/client.js');
  const { runMigrations } = await import('../src/db/migrate.js');
  const { createLogger } = await import('../src/lib/logger.js');
  const { principalOf } = await import('../src/http/auth.js');

  const config = loadConfig({ LOG_LEVEL: 'info', PLATFORMS_MODE: 'simulate' });
  const database = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(database);
  const log = createLogger({ level: config.logLevel, stream: createWriteStream('/dev/null') });
  // No platform is called here: the simulator address is never contacted.
  const container = await createContainer({ config, log, database, simulatorUrl: 'http://127.0.0.1:9' });
  const { accounts, keys } = container.services;
  const { account, user } = await accounts.createAccount({ email: 'bench@example.com', password: 'bench password' });
  await accounts.setTier(account.id, 'enterprise', { hourly: 1e12, daily: 1e12, burstPerMinute: 1e12 });
  const key = await keys.create({ accountId: account.id, userId: user.id, type: 'v1', scopes: ['read'] });

  const app = await buildApp(container);
  app.get('/api/v1/_bench/account', { config: { auth: 'v1', scope: 'read', limit: 'v1' } }, async (request) => {
    const found = await accounts.findAccount(principalOf(request).accountId);
    return { id: found!.id, tier: found!.tier };
  });
  app.get<{ Params: { id: string } }>('/api/_bench/open/account/:id', { config: { auth: 'none' } }, async (request) => {
    const found = await accounts.findAccount(request.params.id);
    return { id: found!.id, tier: found!.tier };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url, key: key.key, accountId: account.id })}\n`);
  process.on('SIGTERM', () => process.exit(0));
}

async function run(url: string, headers: Record<string, string>, seconds: number, connections: number) {
  const result = await autocannon({ url, headers, duration: seconds, connections, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function main() {
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    const { url, key, accountId } = JSON.parse(first) as { url: string; key: string; accountId: string };
    const authed = { url: `${url}/api/v1/_bench/account`, headers: { authorization: `Bearer ${key}`, accept: 'application/json' } };
    const open = { url: `${url}/api/_bench/open/account/${accountId}`, headers: { accept: 'application/json' } };
    await run(authed.url, authed.headers, 2, connections); // warm-up: JIT, caches, connections
    await run(open.url, open.headers, 2, connections);
    const results = { authed: [] as number[], open: [] as number[] };
    for (let round = 1; round <= rounds; round++) {
      for (const [name, target] of [['open', open], ['authed', authed]] as const) {
        const r = await run(target.url, target.headers, seconds, connections);
        results[name].push(r.rps);
        process.stdout.write(`round ${round} ${name.padEnd(6)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms\n`);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(results.authed) / mean(results.open);
    process.stdout.write(
      `mean: open ${mean(results.open).toFixed(0)} req/s, authenticated ${mean(results.authed).toFixed(0)} req/s, ratio ${ratio.toFixed(2)} (bar ≥ 0.50): ${ratio >= 0.5 ? 'PASS' : 'FAIL'}\n`,
    );
    process.exitCode = ratio >= 0.5 ? 0 : 1;
  } finally {
    child.kill('SIGTERM');
  }
}

await (values.serve ? serve() : main());
