/**
 * Every job kind the service runs, registered in one place so any worker process can run any
 * job. Features add their definitions here.
 */
import type { Container } from '../container.js';
import { scanTaskJob } from '../features/scans/scans.jobs.js';
import { webhookJobs } from '../features/webhooks/delivery.jobs.js';
import { monitoringJobs } from '../features/monitoring/monitoring.jobs.js';
import { aeoBatchItemJob } from '../features/aeo/aeo.jobs.js';

export function registerJobs(container: Container): void {
  container.queue.register(scanTaskJob(container.services.scans));
  const webhooks = webhookJobs(container.services.webhookDelivery);
  container.queue.register(webhooks.deliver);
  container.queue.register(webhooks.alertCheck);
  for (const job of monitoringJobs(container.services.monitoring)) container.queue.register(job);
  container.queue.register(aeoBatchItemJob(container.services.aeoBatches));
}
