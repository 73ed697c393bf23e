/**
 * Composition of the intelligence services (issue 5), kept out of container.ts so the container
 * stays one line for the whole feature set.
 */
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Logger } from '../../lib/logger.js';
import type { PlatformRegistry } from '../../platforms/index.js';
import { createAeoBatchService } from '../aeo/aeo-batch.service.js';
import { createAeoService, createRewriter } from '../aeo/aeo.service.js';
import { createAuthorityService } from '../authority/authority.service.js';
import type { BrandService } from '../brands/brands.service.js';
import { createCitationService } from '../citations/citations.service.js';
import { createContentService } from '../content/content.service.js';
import { createDashboardService } from '../dashboard/dashboard.service.js';
import { createPickerService } from '../picker/picker.service.js';
import type { PromptService } from '../prompts/prompts.service.js';
import type { ScanService } from '../scans/scans.service.js';
import { createSentinelService } from '../sentinel/sentinel.service.js';
import { createSuggestService } from '../suggest/suggest.service.js';
import type { UsageService } from '../usage/usage.service.js';
import type { EventSink } from './events-port.js';
import { createMonitoringService } from './monitoring.service.js';

export interface IntelligenceDeps {
  db: Db;
  queue: JobQueue;
  platforms: PlatformRegistry;
  usage: Pick<UsageService, 'record'>;
  brands: BrandService;
  prompts: PromptService;
  scans: Pick<ScanService, 'enqueueRun' | 'onRunFinished'>;
  events: EventSink;
  log: Logger;
  now: () => number;
  /** See MonitoringDeps.afterRunDelayMs. */
  afterRunDelayMs?: number | undefined;
}

export function createIntelligenceServices(deps: IntelligenceDeps) {
  const { db, queue, platforms, usage, brands, prompts, scans, events, log, now } = deps;
  const sentinel = createSentinelService({ db, events, now });
  const citations = createCitationService({ db, brands, events, now });
  const picker = createPickerService({ db, brands, prompts, platforms, now });
  const authority = createAuthorityService({ db, brands, now });
  const suggest = createSuggestService({ db, brands, events, now });
  const monitoring = createMonitoringService({ db, queue, scans, picker, citations, sentinel, authority, suggest, events, platforms, log, now, afterRunDelayMs: deps.afterRunDelayMs });
  // Every finished run about a brand feeds citations, sentinel, gap and uplift checks at once
  // (the minute tick's sweep remains as a safety net).
  scans.onRunFinished((run, tx) => monitoring.runFinished(run.id, tx));
  const rewriter = createRewriter({ platforms, now });
  return {
    dashboard: createDashboardService({ db, brands, sentinel, now }),
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
