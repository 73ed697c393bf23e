/**
 * Every job kind the service runs, bound to its handlers in one place so any worker process can
 * run any job. A feature declares its job types in `<feature>.jobs.ts`; add its binding here.
 */
import { aeoBatchItemJob } from '../features/aeo/aeo.jobs.js';
import type { AeoBatchService } from '../features/aeo/aeo-batch.service.js';
import { monitoringJobs } from '../features/monitoring/monitoring.jobs.js';
import type { MonitoringService } from '../features/monitoring/monitoring.service.js';
import type { ReanalysisService } from '../features/scans/reanalysis.service.js';
import { reanalyzeBatchJob, scanTaskJob } from '../features/scans/scans.jobs.js';
import type { ScanService } from '../features/scans/scans.service.js';
import { webhookJobs } from '../features/webhooks/delivery.jobs.js';
import type { DeliveryService } from '../features/webhooks/delivery.service.js';
import { notificationJobs } from '../features/notifications/notifications.jobs.js';
import type { NotificationsService } from '../features/notifications/notifications.service.js';
import type { JobQueue } from './queue.js';

export interface JobServices {
  scans: ScanService;
  reanalysis: ReanalysisService;
  webhookDelivery: DeliveryService;
  monitoring: MonitoringService;
  aeoBatches: AeoBatchService;
  notifications: NotificationsService;
}

export function registerJobs({ queue, services }: { queue: JobQueue; services: JobServices }): void {
  queue.register(scanTaskJob(services.scans));
  queue.register(reanalyzeBatchJob(services.reanalysis));
  const webhooks = webhookJobs(services.webhookDelivery);
  queue.register(webhooks.deliver);
  queue.register(webhooks.alertCheck);
  const monitoring = monitoringJobs(services.monitoring);
  queue.register(monitoring.tick);
  queue.register(monitoring.afterRun);
  queue.register(aeoBatchItemJob(services.aeoBatches));
  queue.register(notificationJobs(services.notifications).alertEmail);
}
