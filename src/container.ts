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
import { createPlansService } from './features/plans/plans.service.js';
import { createPromptService } from './features/prompts/prompts.service.js';
import { createBrandService } from './features/brands/brands.service.js';
import { createPromptManagerService } from './features/prompts/prompt-manager.service.js';
import { createScanService } from './features/scans/scans.service.js';
import { createReanalysisService } from './features/scans/reanalysis.service.js';
import { createQuickScanService } from './features/scans/quick-scans.service.js';
import { createProbeService } from './features/probes/probes.service.js';
import { createEventsService } from './features/events/events.service.js';
import { createDeliveryService, type DeliveryRuntimeOptions } from './features/webhooks/delivery.service.js';
import { createWebhooksService } from './features/webhooks/webhooks.service.js';
import { createAeoBatchService } from './features/aeo/aeo-batch.service.js';
import { createAeoService, createRewriter } from './features/aeo/aeo.service.js';
import { createAuthorityService } from './features/authority/authority.service.js';
import { createCitationService } from './features/citations/citations.service.js';
import { createContentService } from './features/content/content.service.js';
import { createDashboardService } from './features/dashboard/dashboard.service.js';
import { createRollupsService } from './features/metrics/rollups.service.js';
import { createMonitoringService } from './features/monitoring/monitoring.service.js';
import { createPickerService } from './features/picker/picker.service.js';
import { createSentinelService } from './features/sentinel/sentinel.service.js';
import { createSuggestService } from './features/suggest/suggest.service.js';
import { createDependencyMonitor, type DependencyMonitor } from './lib/dependency-monitor.js';
import { createMailer, type Mailer } from './features/notifications/mailer.js';
import { createNotificationsService } from './features/notifications/notifications.service.js';
import { createInvitesService } from './features/team/invites.service.js';
import { createTeamService } from './features/team/team.service.js';

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
  /** Replace the mailer (default: SMTP_URL through nodemailer, or none). */
  mailer?: Mailer;
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
  /** Reachability of PostgreSQL (and Redis when configured) as this process sees it. */
  monitors: DependencyMonitors;
  close(): Promise<void>;
}

export interface DependencyMonitors {
  database: DependencyMonitor;
  redis?: DependencyMonitor | undefined;
}

interface ServiceDeps {
  config: Config;
  log: Logger;
  now: () => number;
  database: Database;
  platforms: PlatformRegistry;
  build: BuildInfo;
  limitStore: LimitStore;
  monitors: DependencyMonitors;
  queue: JobQueue;
  webhooks: DeliveryRuntimeOptions | undefined;
  afterRunDelayMs: number | undefined;
  mailer: Mailer;
}

function createServices(deps: ServiceDeps) {
  const { db } = deps.database;
  const { now, log } = deps;
  const accounts = createAccountsService({ db });
  const limits = createLimitsService({ store: deps.limitStore, now, log });
  const usage = createUsageService({ db, now });
  const { platforms, queue } = deps;
  const prompts = createPromptService({ db });
  const scans = createScanService({ db, queue, platforms, usage, log });
  const brands = createBrandService({ db, accounts, prompts, scans });
  const events = createEventsService({ queue, now });
  const rollups = createRollupsService({ db });
  // Intelligence: what the answers mean over time, and what to do about it.
  const sentinel = createSentinelService({ db, rollups, events, now });
  const citations = createCitationService({ db, brands, events, now });
  const picker = createPickerService({ db, brands, prompts, rollups, platforms, now });
  const authority = createAuthorityService({ db, brands, rollups, now });
  const suggest = createSuggestService({ db, brands, events, now });
  const monitoring = createMonitoringService({
    db, queue, scans, brands, rollups, picker, citations, sentinel, authority, suggest, events, platforms, log, now,
    afterRunDelayMs: deps.afterRunDelayMs,
  });
  // Every finished run about a brand feeds citations, sentinel, gap and uplift checks at once
  // (the minute tick's sweep remains as a safety net).
  scans.onRunFinished((run, tx) => monitoring.runFinished(run.id, tx));
  // Stored answers re-read by the current engine (`sightline reanalyze`), as durable batch jobs.
  const reanalysis = createReanalysisService({ db, queue, brandExists: brands.exists, recordSightings: citations.recordSightingsOf, log });
  const rewriter = createRewriter({ platforms, now });
  const auth = createAuthService({ db, now, accounts, limits });
  const keys = createKeysService({ db, now, log });
  // People: e-mail (when SMTP_URL is set), invitations and the team.
  const notifications = createNotificationsService({ mailer: deps.mailer, accounts, queue, log, publicUrl: deps.config.publicUrl });
  const invites = createInvitesService({ db, now, accounts, notifications });
  const team = createTeamService({ db, now, accounts, auth, keys, brands, limits, invites });
  return {
    health: createHealthService({ ...deps, throttledAccounts: () => monitoring.throttledAccountCounts() }),
    accounts,
    limits,
    auth,
    keys,
    notifications,
    invites,
    team,
    usage,
    plans: createPlansService({ brands, usage, limits }),
    prompts,
    brands,
    promptManager: createPromptManagerService({ db, brands }),
    scans,
    reanalysis,
    quickScans: createQuickScanService({ scans, brands, platforms }),
    probes: createProbeService({ brands, prompts, scans, platforms, now }),
    events,
    webhooks: createWebhooksService({ db, now, accounts, brands, events, allowPrivateNetworks: deps.config.webhookAllowPrivateNetworks }),
    webhookDelivery: createDeliveryService({
      db,
      queue,
      log,
      now,
      retryDelaysMs: deps.config.webhookRetryDelaysMs,
      allowPrivateNetworks: deps.config.webhookAllowPrivateNetworks,
      options: deps.webhooks,
      onAlert: (alert, tx) => notifications.alertRaised(alert, tx),
    }),
    rollups,
    dashboard: createDashboardService({ db, brands, rollups, sentinel, scans, now }),
    sentinel,
    citations,
    picker,
    authority,
    suggest,
    aeo: createAeoService({ rewriter, usage }),
    aeoBatches: createAeoBatchService({ db, queue, rewriter, brands, usage, events, log, now }),
    content: createContentService({ db, brands, events, now }),
    monitoring,
  };
}

/** Services holding timers or connections (batched writes, Redis) flush and close before the database. */
async function closeServices(services: ReturnType<typeof createServices>) {
  for (const service of Object.values(services) as Array<{ close?: () => Promise<void> }>) await service.close?.();
}

export async function createContainer(options: ContainerOptions): Promise<Container> {
  const { config, log } = options;
  // The monitor is made before the pool so a connection error can be reported to it.
  let databaseMonitor: DependencyMonitor | undefined;
  const { timeouts } = config;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.dbPoolSize,
      timeouts: { statementMs: timeouts.dbStatementMs, queryMs: timeouts.dbQueryMs, connectMs: timeouts.dbConnectMs, lockMs: timeouts.dbLockMs },
      onConnectionError: (error) => databaseMonitor?.reportFailure(error),
    }));
  const pingTimeoutMs = Math.min(2_000, timeouts.dbConnectMs);
  databaseMonitor = createDependencyMonitor({ dependency: 'database', ping: () => database.ping(pingTimeoutMs), log, pingTimeoutMs });
  const platforms =
    options.platforms ?? createPlatformRegistry(config, { simulatorUrl: options.simulatorUrl });
  const build = buildInfo(config.gitCommit);
  const queue = new JobQueue(database.db);
  const limitStore = options.limitStore ?? (await createLimitStore(config, log));
  const monitors: DependencyMonitors = { database: databaseMonitor, redis: limitStore.dependency };
  const services = createServices({ config, log, now: options.clock ?? Date.now, database, platforms, build, limitStore, monitors, queue, webhooks: options.webhooks, afterRunDelayMs: options.afterRunDelayMs, mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }) });
  return {
    config,
    log,
    build,
    database,
    db: database.db,
    queue,
    platforms,
    services,
    monitors,
    async close() {
      monitors.database.stop();
      monitors.redis?.stop();
      await platforms.close();
      await closeServices(services);
      if (!options.database) await database.close();
    },
  };
}
