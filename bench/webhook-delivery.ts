/**
 * Webhook delivery bench: deliveries per second through the REAL path — events emitted into the
 * outbox, `webhook.deliver` jobs claimed by ONE worker (this process), each loading its delivery,
 * signing the stored body, sending it over TLS to a local HTTPS receiver and recording the attempt
 * in the database — then the same with a receiver that takes 10 s per request mixed in.
 *
 *   npx tsx bench/webhook-delivery.ts [--events 3000] [--webhooks 20] [--concurrency 16] [--rounds 2] [--db pglite|postgres]
 *
 * Each phase queues `--events` events spread over `--webhooks` brands (one fast webhook each),
 * then starts a worker and times until every one of them is delivered. The mixed phase also sends
 * every 20th event to one more brand whose webhook answers after 10 s. Phases alternate for
 * `--rounds` rounds. Pass: ≥ 300 deliveries/s, and the fast webhooks' mean rate with the slow one
 * mixed in within 10 % of their mean rate without it. `--db postgres` uses DATABASE_URL.
 */
import { parseArgs } from 'node:util';
import { and, count, eq, inArray } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { createContainer, type Container } from '../src/container.js';
import { webhookDeliveries } from '../src/db/schema/webhooks.js';
import * as accountsRepo from '../src/features/accounts/accounts.repo.js';
import { sampleEventData } from '../src/features/events/catalogue.js';
import { closeWebhookAgents } from '../src/features/webhooks/transport.js';
import { registerJobs } from '../src/jobs/registry.js';
import { startWorker } from '../src/jobs/worker.js';
import { createLogger } from '../src/lib/logger.js';
import { createTestDatabase } from '../test/support/db.js';
import { testCertificate } from '../test/support/webhook-receiver.js';
import { startReceivers } from './support/receivers.js';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '3000' },
    webhooks: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '2' },
    db: { type: 'string', default: 'pglite' },
  },
});
const EVENTS = Number(values.events);
const WEBHOOKS = Number(values.webhooks);
const CONCURRENCY = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
const SLOW_EVERY = 20;


interface Setup {
  container: Container;
  accountId: string;
  fast: Array<{ brandId: string; webhookId: string }>;
  slowBrandId: string;
  slowUrl: string;
}

async function setup(container: Container, fastUrl: string, slowUrl: string): Promise<Setup> {
  const account = await accountsRepo.insertAccount(container.db, 'scale');
  const owner = { accountId: account.id, userId: null, tier: 'scale' as const };
  const { brands, webhooks } = container.services;
  const fast: Setup['fast'] = [];
  for (let i = 0; i < WEBHOOKS; i++) {
    const brand = await brands.create(owner, { name: `Bench ${i}`, category: 'coffee' });
    const { webhook } = await webhooks.create(owner, { brandId: brand.id, name: `fast ${i}`, url: fastUrl, events: ['citation.discovered'], source: 'dashboard' });
    fast.push({ brandId: brand.id, webhookId: webhook.id });
  }
  const slowBrand = await brands.create(owner, { name: 'Bench slow', category: 'coffee' });
  return { container, accountId: account.id, fast, slowBrandId: slowBrand.id, slowUrl };
}

/** Queue the phase's events (50 per transaction: setup speed only, not what is measured). */
async function queueEvents(s: Setup, withSlow: boolean): Promise<void> {
  const { events } = s.container.services;
  const targets: string[] = [];
  for (let i = 0; i < EVENTS; i++) {
    targets.push(s.fast[i % s.fast.length]!.brandId);
    if (withSlow && i % SLOW_EVERY === 0) targets.push(s.slowBrandId);
  }
  for (let i = 0; i < targets.length; i += 50) {
    await s.container.db.transaction(async (tx) => {
      for (const brandId of targets.slice(i, i + 50)) {
        await events.emit(tx, { event: 'citation.discovered', accountId: s.accountId, brandId, data: sampleEventData('citation.discovered', brandId) });
      }
    });
  }
}

async function succeeded(s: Setup): Promise<number> {
  const [row] = await s.container.db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.webhookId, s.fast.map((f) => f.webhookId)), eq(webhookDeliveries.status, 'succeeded')));
  return Number(row?.n ?? 0);
}

async function phase(s: Setup, name: string, withSlow: boolean): Promise<number> {
  const owner = { accountId: s.accountId, userId: null };
  let slowWebhookId: string | null = null;
  if (withSlow) {
    const created = await s.container.services.webhooks.create(owner, { brandId: s.slowBrandId, name: 'slow', url: s.slowUrl, events: ['citation.discovered'], source: 'dashboard' });
    slowWebhookId = created.webhook.id;
  }
  const before = await succeeded(s);
  await queueEvents(s, withSlow);
  const log = createLogger({ level: 'silent' });
  const worker = startWorker({ db: s.container.db, queue: s.container.queue, log, concurrency: CONCURRENCY, pollMs: 50 });
  const started = performance.now();
  let done = 0;
  while (done < EVENTS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    done = (await succeeded(s)) - before;
  }
  const seconds = (performance.now() - started) / 1000;
  await worker.stop(200);
  // The slow webhook goes (its queued deliveries with it), so the next phase starts clean.
  if (slowWebhookId) await s.container.services.webhooks.remove(s.accountId, slowWebhookId);
  const rate = EVENTS / seconds;
  console.log(JSON.stringify({ phase: name, concurrency: CONCURRENCY, deliveries: EVENTS, slowQueued: withSlow ? Math.ceil(EVENTS / SLOW_EVERY) : 0, seconds: Number(seconds.toFixed(2)), perSecond: Math.round(rate) }));
  return rate;
}

const { ports, stop } = await startReceivers();
const database = await createTestDatabase(values.db === 'postgres' ? 'postgres' : 'pglite');
const config = loadConfig({ LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
const container = await createContainer({
  config,
  log: createLogger({ level: 'silent' }),
  database,
  simulatorUrl: 'http://127.0.0.1:9',
  webhooks: { agentOptions: { ca: testCertificate().cert } },
});
registerJobs(container);
try {
  const s = await setup(container, `https://localhost:${ports.fast}/hook`, `https://localhost:${ports.slow}/hook`);
  let alone = 0;
  let mixed = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    alone += await phase(s, `round ${round}: fast receivers alone`, false);
    mixed += await phase(s, `round ${round}: fast receivers + 10 s receiver`, true);
  }
  alone /= ROUNDS;
  mixed /= ROUNDS;
  const drop = (1 - mixed / alone) * 100;
  const pass = alone >= 300 && mixed >= 300 && drop <= 10;
  console.log(JSON.stringify({ verdict: pass ? 'PASS' : 'FAIL', db: database.kind, alonePerSecond: Math.round(alone), mixedPerSecond: Math.round(mixed), dropPercent: Number(drop.toFixed(1)) }));
  process.exitCode = pass ? 0 : 1;
} finally {
  closeWebhookAgents();
  await container.close();
  await database.close();
  stop();
}
