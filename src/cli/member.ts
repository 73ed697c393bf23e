/**
 * `sightline member invite --email OWNER --invitee E --role R` → {inviteId, email, role, expiresAt,
 * url, emailed} on stdout: the invitation made as that owner or admin would make it on the Team
 * page. The link is printed (and e-mailed too when SMTP_URL is set); it points at PUBLIC_URL, or at
 * http://HOST:PORT when that is unset.
 */
import { Command, Option } from 'commander';
import { readConfig } from '../config.js';
import { ROLES, type Role } from '../db/schema/identity.js';
import { createAccountsService } from '../features/accounts/accounts.service.js';
import { createMailer } from '../features/notifications/mailer.js';
import { createNotificationsService } from '../features/notifications/notifications.service.js';
import { createInvitesService } from '../features/team/invites.service.js';
import { JobQueue } from '../jobs/queue.js';
import { DomainError } from '../lib/errors.js';
import { createLogger } from '../lib/logger.js';
import { assertEmailOption, CliUsageError, withDatabase } from './account.js';

export function memberCommand(): Command {
  const member = new Command('member').description('Manage team members');
  member
    .command('invite')
    .description('Invite someone to the team of the owner or admin with --email; prints {inviteId, email, role, expiresAt, url, emailed}')
    .requiredOption('--email <email>', 'an owner or admin of the account (the inviter)')
    .requiredOption('--invitee <email>', 'who is invited')
    .addOption(new Option('--role <role>', 'the role the invitee gets').choices(ROLES).makeOptionMandatory())
    .action(async (options: { email: string; invitee: string; role: Role }) => {
      const config = readConfig();
      await withDatabase(async (db) => {
        assertEmailOption('--invitee', options.invitee);
        const accounts = createAccountsService({ db });
        const inviter = await accounts.findUserByEmail(options.email);
        if (!inviter) throw new CliUsageError(`no user with e-mail ${options.email}; create one with \`sightline account create\``);
        const log = createLogger({ level: 'warn', fd: 2 });
        const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
        const notifications = createNotificationsService({ mailer, accounts, queue: new JobQueue(db), log, publicUrl: config.publicUrl });
        const invites = createInvitesService({ db, now: Date.now, accounts, notifications });
        const base = config.publicUrl ?? `http://${config.host}:${config.port}`;
        try {
          const created = await invites.create({ accountId: inviter.accountId, userId: inviter.id, role: inviter.role }, { email: options.invitee, role: options.role }, base);
          return { inviteId: created.invite.id, email: created.invite.email, role: created.invite.role, expiresAt: created.invite.expiresAt, url: created.invite.url, emailed: created.email };
        } catch (error) {
          // A refusal (not an owner or admin, already a member) is one line, like any usage mistake.
          if (error instanceof DomainError) throw new CliUsageError(error.message);
          throw error;
        } finally {
          await mailer.close();
        }
      });
    });
  return member;
}
