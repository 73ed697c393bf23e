/**
 * A whole Sightline for webhook tests: throw-away database, the container with delivery knobs a
 * test needs (the test receiver's CA trusted, a resolver stub mapping robot host names to
 * 127.0.0.1, a short "failing for" alert threshold), the app, one signed-in account with a brand,
 * and workers that can be stopped and started again (a "restart" between attempts).
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app.js';
import { createContainer, type Container } from '../../src/container.js';
import type { DatabaseKind } from '../../src/db/client.js';
import { webhookDeliveries, webhookDeliveryAttempts, webhooks } from '../../src/db/schema/webhooks.js';
import type { DeliveryRuntimeOptions } from '../../src/features/webhooks/delivery.service.js';
import type { App } from '../../src/http/types.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { startWorker, type Worker } from '../../src/jobs/worker.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { testConfig } from './env.js';
import { captureLog } from './log-capture.js';
import { login, seedAccount, type Seeded } from './identity.js';
import { stubLookup, testAgentOptions } from './webhook-receiver.js';

export interface WebhookTenant extends Seeded {
  cookie: string;
  brandId: string;
}

export interface WebhookContext {
  app: App;
  container: Container;
  database: TestDatabase;
  /** Log lines written so far (JSON text). */
  logText(): string;
  /** A new account (growth tier, owner) with one brand, signed in. */
  tenant(): Promise<WebhookTenant>;
  startWorker(concurrency?: number): Worker;
  /** A second container on the same database: what a restarted worker process would build. */
  restartedContainer(): Promise<Container>;
  close(): Promise<void>;
}

export interface WebhookContextOptions {
  env?: Record<string, string>;
  webhooks?: DeliveryRuntimeOptions;
}

/** Fast test schedule: 6 attempts within about 1.5 s. */
export const FAST_RETRIES = { WEBHOOK_RETRY_DELAYS: '100ms,150ms,200ms,250ms,300ms' };

const agentOptions = testAgentOptions();
const lookup = stubLookup();

export async function createWebhookContext(kind: DatabaseKind, options: WebhookContextOptions = {}): Promise<WebhookContext> {
  const captured = captureLog('info');
  const log = captured.log;
  const database = await createTestDatabase(kind);
  const config = testConfig({ ...FAST_RETRIES, ...options.env });
  const webhookOptions: DeliveryRuntimeOptions = { agentOptions, lookup, timeoutMs: 5_000, ...options.webhooks };
  const build = async () => {
    const container = await createContainer({ config, log, database, simulatorUrl: 'http://127.0.0.1:9', webhooks: webhookOptions });
    registerJobs(container);
    return container;
  };
  const container = await build();
  const extra: Container[] = [];
  const app = await buildApp(container);
  await app.ready();
  const workers: Worker[] = [];
  let brandSeq = 0;
  return {
    app,
    container,
    database,
    logText: captured.text,
    async tenant() {
      const who = await seedAccount(container, { tier: 'growth' });
      const cookie = await login(app, who.email);
      const brand = await container.services.brands.create(
        { accountId: who.accountId, userId: who.userId, tier: 'growth' },
        { name: `Brand ${++brandSeq}`, category: 'coffee' },
      );
      return { ...who, cookie, brandId: brand.id };
    },
    startWorker(concurrency = 16) {
      const worker = startWorker({ db: container.db, queue: container.queue, log, pollMs: 20, concurrency });
      workers.push(worker);
      return worker;
    },
    async restartedContainer() {
      const c = await build();
      extra.push(c);
      return c;
    },
    async close() {
      await Promise.all(workers.map((w) => w.stop(2_000)));
      await app.close();
      for (const c of extra) await c.close();
      await container.close();
      await database.close();
    },
  };
}

export async function deliveryOf(container: Container, deliveryId: string) {
  const [row] = await container.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

export async function attemptsOf(container: Container, deliveryId: string) {
  return container.db.select().from(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.deliveryId, deliveryId)).orderBy(webhookDeliveryAttempts.attempt);
}

export async function webhookRow(container: Container, id: string) {
  const [row] = await container.db.select().from(webhooks).where(eq(webhooks.id, id));
  return row!;
}

/** Create a webhook through the dashboard API; returns its id and secret. */
export async function createWebhook(
  ctx: { app: App },
  tenant: WebhookTenant,
  body: { url: string; events: string[]; name?: string; signingSecret?: string },
): Promise<{ id: string; secret: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { cookie: tenant.cookie },
    payload: { brandId: tenant.brandId, name: body.name ?? 'hook', url: body.url, events: body.events, ...(body.signingSecret ? { signingSecret: body.signingSecret } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`create webhook: ${res.statusCode} ${res.body}`);
  const json = res.json() as { webhook: { id: string }; secret: string };
  return { id: json.webhook.id, secret: json.secret };
}
