/**
 * `notify.alert-email`: one account alert e-mailed to the account's owners and admins. A job, not
 * a call in the alert check, so a mail server that is down delays the e-mail (retried with
 * back-off) without failing or repeating the check that raised the alert.
 */
import { defineJobType, handleJob } from '../../jobs/definition.js';
import { AlertEmailPayloadSchema } from './notifications.schemas.js';
import type { NotificationsService } from './notifications.service.js';

export const AlertEmailJob = defineJobType({ name: 'notify.alert-email', schema: AlertEmailPayloadSchema, maxAttempts: 8 });

export function notificationJobs(notifications: NotificationsService) {
  return {
    alertEmail: handleJob(AlertEmailJob, { handler: (payload) => notifications.sendAlertEmail(payload) }),
  };
}
