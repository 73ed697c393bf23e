/**
 * Team invitations: an owner or admin invites an e-mail with a role; the link (shown once,
 * e-mailed when SMTP is configured) carries a single-use token valid INVITE_TTL_MS. Inviting the
 * same e-mail again replaces the pending invitation (a resend with a fresh link).
 * Accepting lives in team.service.ts (it signs the invitee in).
 */
import type { Static } from 'typebox';
import type { Db } from '../../db/client.js';
import type { Role } from '../../db/schema/identity.js';
import { conflict, DomainError, notFound } from '../../lib/errors.js';
import { normaliseEmail, type AccountsService } from '../accounts/accounts.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { generateInviteToken, hashInviteToken, inviteUrl, isInviteToken } from './invite-token.js';
import * as repo from './team.repo.js';
import type { CreatedInviteSchema, InviteViewSchema } from './team.schemas.js';
import { assertAdmin, assertOwner, type Actor } from './team-rules.js';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Usable invitations an account may have out at once: a bound on e-mail sent in its name. */
export const MAX_PENDING_INVITES = 50;

export type InviteView = Static<typeof InviteViewSchema>;

export type CreatedInvite = Static<typeof CreatedInviteSchema>;

export function createInvitesService(deps: { db: Db; now: () => number; accounts: AccountsService; notifications: NotificationsService }) {
  const { db, now, accounts, notifications } = deps;

  async function emailsOf(accountId: string): Promise<Map<string, string>> {
    return new Map((await accounts.members(accountId)).map((m) => [m.id, m.email]));
  }

  /**
   * The invitation behind a token, usable or not: malformed → 400 naming `token`, unknown → 404,
   * spent → 409 INVITE_ALREADY_USED, past its time → 410 INVITE_EXPIRED.
   */
  async function usable(token: string): Promise<repo.InviteRow> {
    if (!isInviteToken(token)) {
      throw new DomainError('VALIDATION_ERROR', 'body.token is not an invitation token: copy the whole link (it ends with #token=inv_…).', { field: 'token' });
    }
    const invite = await repo.findByTokenHash(db, hashInviteToken(token));
    if (!invite) throw new DomainError('NOT_FOUND', 'This invitation link is not valid: it was withdrawn, replaced by a newer invitation, or never issued. Ask for a new one.');
    if (invite.acceptedAt) {
      throw new DomainError('INVITE_ALREADY_USED', `This invitation was already accepted (${invite.acceptedAt.toISOString()}); a link works once. Sign in instead, or ask for a new invitation.`);
    }
    if (invite.expiresAt.getTime() <= now()) {
      throw new DomainError('INVITE_EXPIRED', `This invitation expired at ${invite.expiresAt.toISOString()}; ask an owner or admin of the team to invite you again.`);
    }
    return invite;
  }

  return {
    /**
     * Creates (or renews) an invitation and e-mails it when SMTP is configured. `baseUrl` is the
     * dashboard's address (PUBLIC_URL, or the request's origin).
     */
    async create(actor: Actor, input: { email: string; role: Role }, baseUrl: string): Promise<CreatedInvite> {
      assertAdmin(actor, 'invite people to the team');
      if (input.role === 'owner') assertOwner(actor, 'invite an owner');
      const email = normaliseEmail(input.email);
      const token = generateInviteToken();
      const t = now();
      const invite = await db.transaction(async (tx) => {
        await accounts.lock(tx, actor.accountId);
        const members = await accounts.members(actor.accountId, tx);
        if (members.some((m) => m.email === email)) throw conflict(`${email} is already a member of this team.`);
        if ((await repo.countUsable(tx, actor.accountId, new Date(t))) >= MAX_PENDING_INVITES) {
          throw conflict(`A team can have at most ${MAX_PENDING_INVITES} pending invitations; withdraw some first.`);
        }
        return repo.replaceInvite(tx, {
          accountId: actor.accountId,
          email,
          role: input.role,
          tokenHash: hashInviteToken(token),
          invitedBy: actor.userId,
          createdAt: new Date(t),
          expiresAt: new Date(t + INVITE_TTL_MS),
        });
      });
      const url = inviteUrl(baseUrl, token);
      const inviter = (await accounts.findUser(actor.userId))?.email ?? null;
      const outcome = await notifications.sendInvite({ to: email, url, role: invite.role, invitedBy: inviter, expiresAt: invite.expiresAt });
      return { invite: { id: invite.id, email, role: invite.role, expiresAt: invite.expiresAt.toISOString(), url }, email: outcome };
    },

    /** Pending invitations (expired ones marked, until withdrawn or renewed). */
    async list(accountId: string): Promise<InviteView[]> {
      const [rows, emails] = await Promise.all([repo.listPending(db, accountId), emailsOf(accountId)]);
      const t = now();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        invitedBy: row.invitedBy ? (emails.get(row.invitedBy) ?? null) : null,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        status: row.expiresAt.getTime() <= t ? 'expired' : 'pending',
      }));
    },

    /** Withdraws a pending invitation: its link stops working. Another account's → 404. */
    async withdraw(accountId: string, id: string): Promise<void> {
      if (!(await repo.deletePending(db, accountId, id))) throw notFound('Invitation');
    },

    /** What the invitation page shows before accepting. */
    async preview(token: string) {
      const invite = await usable(token);
      const inviter = invite.invitedBy ? ((await accounts.findUser(invite.invitedBy))?.email ?? null) : null;
      return {
        invite: { email: invite.email, role: invite.role, expiresAt: invite.expiresAt.toISOString(), invitedBy: inviter },
        userExists: (await accounts.findUserByEmail(invite.email)) !== undefined,
      };
    },

    usable,
    /** Spends the invitation inside the accepting transaction; false when it was spent meanwhile. */
    markAccepted: repo.markAccepted,
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
