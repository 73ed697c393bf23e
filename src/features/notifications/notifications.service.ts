/**
 * What Sightline tells people by e-mail: team invitations (sent while the inviter waits, so the
 * dashboard can say whether it went) and account alerts (queued, to every owner and admin).
 * Without SMTP_URL nothing is sent: invitations report `disabled` and the inviter copies the link.
 */
import type { Executor } from '../../db/client.js';
import type { Role } from '../../db/schema/identity.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Logger } from '../../lib/logger.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { alertEmail, inviteEmail } from './emails.js';
import type { Mailer } from './mailer.js';
import { AlertEmailJob } from './notifications.jobs.js';
import type { AlertEmailPayload } from './notifications.schemas.js';

/** What happened to an invitation e-mail. */
export type EmailOutcome = 'sent' | 'failed' | 'disabled';

const ALERT_RECIPIENT_ROLES: readonly Role[] = ['owner', 'admin'];

export function createNotificationsService(deps: {
  mailer: Mailer;
  accounts: AccountsService;
  queue: JobQueue;
  log: Logger;
  publicUrl: string | undefined;
}) {
  const { mailer, accounts, queue, log, publicUrl } = deps;

  return {
    get emailEnabled() {
      return mailer.enabled;
    },

    /** Never throws: the invitation exists either way, and its link is shown to the inviter. */
    async sendInvite(input: { to: string; url: string; role: Role; invitedBy: string | null; expiresAt: Date }): Promise<EmailOutcome> {
      if (!mailer.enabled) return 'disabled';
      try {
        await mailer.send(inviteEmail(input));
        return 'sent';
      } catch (error) {
        // The message names the server's answer; the link (a credential) is never logged.
        log.warn({ err: { message: error instanceof Error ? error.message : String(error) }, to: input.to }, 'invitation e-mail not sent');
        return 'failed';
      }
    },

    /** Queues the alert e-mail inside the caller's transaction (once per alert: `dedupeKey`). */
    async alertRaised(alert: AlertEmailPayload & { alertId: string }, tx?: Executor): Promise<void> {
      if (!mailer.enabled) return;
      const { alertId, ...payload } = alert;
      await queue.enqueue(AlertEmailJob, payload, { dedupeKey: `alert:${alertId}`, ...(tx ? { tx } : {}) });
    },

    /** The job's work: the owners and admins as they are now (someone removed since is not written to). */
    async sendAlertEmail(payload: AlertEmailPayload): Promise<void> {
      const recipients = (await accounts.members(payload.accountId)).filter((m) => ALERT_RECIPIENT_ROLES.includes(m.role)).map((m) => m.email);
      if (recipients.length === 0) return;
      const dashboardUrl = publicUrl ? `${publicUrl}${payload.brandId ? `/brands/${payload.brandId}/webhooks` : '/brands'}` : undefined;
      await mailer.send(alertEmail({ to: recipients, message: payload.message, dashboardUrl }));
    },

    close: () => mailer.close(),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
