/**
 * The composition root: configuration → database → repositories and services → adapters.
 * Hand-written factories; every process role (start, serve, worker, tests) builds one of these.
 */
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { JobQueue } from './jobs/queue.js';
import { buildInfo, type BuildInfo } from './lib/build-info.js';
import type { Logger } from './lib/logger.js';
import { createPlatformRegistry } from './platforms/registry.js';
import type { PlatformRegistry } from './platforms/types.js';
import { createHealthService } from './features/health/health.service.js';
import { createAccountsService } from './features/accounts/accounts.service.js';
import { createAuthService } from './features/auth/auth.service.js';
import { createKeysService } from './features/keys/keys.service.js';
import { createLimitsService } from './features/limits/limits.service.js';
import { createLimitStore } from './features/limits/limit-store.js';
import type { LimitStore } from './features/limits/store.js';
import { createUsageService } from './features/usage/usage.service.js';
import { createPromptService } from './features/prompts/prompts.service.js';
import { createBrandService } from './features/brands/brands.service.js';
import { createScanService } from './features/scans/scans.service.js';
import { createQuickScanService } from './features/scans/quick-scans.service.js';
import { createProbeService } from './features/probes/probes.service.js';
import { createEventsService } from './features/events/events.service.js';
import { createDeliveryService, type DeliveryRuntimeOptions } from './features/webhooks/delivery.service.js';
import { createWebhooksService } from './features/webhooks/webhooks.service.js';
import { createIntelligenceServices } from './features/monitoring/intelligence.js';

export interface ContainerOptions {
  config: Config;
  log: Logger;
  /** Where the simulator listens (simulate mode). */
  simulatorUrl?: string | undefined;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  /** Replace the platform registry (tests of failure handling). */
  platforms?: PlatformRegistry;
  /** Epoch milliseconds; tests inject a controllable clock (sessions, keys, limits, usage). */
  clock?: () => number;
  /** Replace the rate-limit counter store (tests isolate their Redis keys). */
  limitStore?: LimitStore;
  /** Webhook delivery knobs (tests: trusted test CA, stub resolver, a short "failing for" alert threshold). */
  webhooks?: DeliveryRuntimeOptions;
  /** Delay before a finished run's after-run analysis starts (default 10 s; tests pass 0). */
  afterRunDelayMs?: number;
}

export interface Container {
  config: Config;
  log: Logger;
  build: BuildInfo;
  database: Database;
  db: Db;
  queue: JobQueue;
  platforms: PlatformRegistry;
  services: ReturnType<typeof createServices>;
  close(): Promise<void>;
}

interface ServiceDeps {
  config: Config;
  log: Logger;
  now: () => number;
  database: Database;
  platforms: PlatformRegistry;
  build: BuildInfo;
  limitStore: LimitStore;
  queue: JobQueue;
  webhooks: DeliveryRuntimeOptions | undefined;
  afterRunDelayMs: number | undefined;
}

function createServices(deps: ServiceDeps) {
  const { db } = deps.database;
  const { now, log } = deps;
  const accounts = createAccountsService({ db });
  const limits = createLimitsService({ store: deps.limitStore, now, log });
  const usage = createUsageService({ db, now });
  const { platforms, queue } = deps;
  const prompts = createPromptService({ db });
  const brands = createBrandService({ db, prompts });
  const scans = createScanService({ db, queue, platforms, usage, log });
  const events = createEventsService({ queue, now });
  return {
    health: createHealthService(deps),
    accounts,
    limits,
    auth: createAuthService({ db, now, accounts, limits }),
    keys: createKeysService({ db, now, log }),
    usage,
    prompts,
    brands,
    scans,
    quickScans: createQuickScanService({ scans, brands, platforms }),
    probes: createProbeService({ db, brands, prompts, scans, platforms }),
    events,
    webhooks: createWebhooksService({ db, now, brands, events, allowPrivateNetworks: deps.config.webhookAllowPrivateNetworks }),
    webhookDelivery: createDeliveryService({
      db,
      queue,
      log,
      now,
      retryDelaysMs: deps.config.webhookRetryDelaysMs,
      allowPrivateNetworks: deps.config.webhookAllowPrivateNetworks,
      options: deps.webhooks,
    }),
    // Issue 5: dashboard, citations, picker, authority, sentinel, suggest, aeo, content, monitoring.
    ...createIntelligenceServices({ db, queue, platforms, usage, brands, prompts, scans, events, log, now, afterRunDelayMs: deps.afterRunDelayMs }),
  };
}

/** Services holding timers or connections (batched writes, Redis) flush and close before the database. */
async function closeServices(services: ReturnType<typeof createServices>) {
  for (const service of Object.values(services) as Array<{ close?: () => Promise<void> }>) await service.close?.();
}

export async function createContainer(options: ContainerOptions): Promise<Container> {
  const { config, log } = options;
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const platforms =
    options.platforms ?? createPlatformRegistry(config, { simulatorUrl: options.simulatorUrl });
  const build = buildInfo(config.gitCommit);
  const queue = new JobQueue(database.db);
  const limitStore = options.limitStore ?? (await createLimitStore(config, log));
  const services = createServices({ config, log, now: options.clock ?? Date.now, database, platforms, build, limitStore, queue, webhooks: options.webhooks, afterRunDelayMs: options.afterRunDelayMs });
  return {
    config,
    log,
    build,
    database,
    db: database.db,
    queue,
    platforms,
    services,
    async close() {
      await platforms.close();
      await closeServices(services);
      if (!options.database) await database.close();
    },
  };
}
