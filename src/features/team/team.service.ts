/**
 * The team of an account: its members and their roles, accepting an invitation, changing a role,
 * removing a member or leaving. Every change holds the account's row lock, so two owners acting
 * at once can never leave the account without an owner. A change takes effect at once in this
 * process (cached sessions and keys of the user are dropped) and within 5 s in the others.
 */
import type { Static } from 'typebox';
import type { Db, Executor } from '../../db/client.js';
import type { Role, Tier } from '../../db/schema/identity.js';
import { badRequest, conflict, DomainError, forbidden, notFound, RateLimitedError } from '../../lib/errors.js';
import type { AccountsService, UserRow } from '../accounts/accounts.service.js';
import type { AuthService, IssuedSession } from '../auth/auth.service.js';
import type { Principal } from '../auth/principal.js';
import type { BrandService } from '../brands/brands.service.js';
import type { KeysService } from '../keys/keys.service.js';
import { signupChecks, type LimitsService } from '../limits/limits.service.js';
import type { InvitesService } from './invites.service.js';
import { assertAdmin, assertOwner, type Actor } from './team-rules.js';
import type { MemberSchema } from './team.schemas.js';

export type MemberView = Static<typeof MemberSchema>;

export interface Accepted {
  account: { id: string; tier: Tier };
  user: { id: string; email: string; role: Role };
  joined: 'new_user' | 'existing_user';
  session: IssuedSession;
}

const LAST_OWNER = 'An account always keeps an owner: make another member an owner first.';

export function createTeamService(deps: {
  db: Db;
  now: () => number;
  accounts: AccountsService;
  auth: AuthService;
  keys: KeysService;
  brands: BrandService;
  limits: LimitsService;
  invites: InvitesService;
}) {
  const { db, now, accounts, auth, keys, brands, limits, invites } = deps;

  /** The user's cached sessions and keys in this process see the change at once. */
  function forget(userId: string) {
    auth.forgetUser(userId);
    keys.forgetUser(userId);
  }

  async function target(tx: Executor, accountId: string, userId: string): Promise<UserRow> {
    const user = await accounts.member(accountId, userId, tx);
    if (!user) throw notFound('Team member');
    return user;
  }

  /** A signed-in user joins: only from a solo account with no brands (a user belongs to one account). */
  async function join(invite: Awaited<ReturnType<InvitesService['usable']>>, principal: Principal, previousSessionId: string | undefined) {
    if (principal.via !== 'session') {
      throw forbidden('Accept an invitation in the dashboard (signed in, or signed out to create a new user), not with an API key.');
    }
    const user = await accounts.findUser(principal.userId);
    if (!user) throw notFound('User');
    if (user.email !== invite.email) {
      throw forbidden(`This invitation is for ${invite.email}, but you are signed in as ${user.email}. Sign out, then open the link again.`);
    }
    if (user.accountId === invite.accountId) throw conflict('You are already a member of this team.');
    const leaving = user.accountId;
    const [members, owned] = await Promise.all([accounts.countMembers(leaving), brands.list(leaving)]);
    if (members > 1 || owned.length > 0) {
      throw conflict(
        'Your user belongs to another Sightline account with its own ' +
          (members > 1 ? 'team members' : 'brands') +
          ', and a user belongs to one account. Ask for the invitation to be sent to another e-mail address, ' +
          'or empty that account first (remove its brands and other members).',
      );
    }
    const moved = await db.transaction(async (tx) => {
      await accounts.lock(tx, invite.accountId);
      if (!(await invites.markAccepted(tx, invite.id, user.id, new Date(now())))) throw alreadyUsed();
      const row = await accounts.moveMember(user.id, invite.accountId, invite.role, tx);
      // The solo account is left with nobody: it closes (its keys, if any, stop working).
      await accounts.deleteAccount(leaving, tx);
      return row!;
    });
    forget(user.id);
    return { user: moved, session: await auth.startSession(user.id, previousSessionId), joined: 'existing_user' as const };
  }

  async function signUp(invite: Awaited<ReturnType<InvitesService['usable']>>, password: string | undefined, ip: string) {
    if (password === undefined) {
      throw badRequest('body.password is required to create your user: choose one of 8 or more characters (or sign in first if you already have a Sightline user).', { field: 'password' });
    }
    if (await accounts.findUserByEmail(invite.email)) {
      throw conflict(`A Sightline user with the e-mail ${invite.email} already exists: sign in as it, then open the invitation link again.`);
    }
    const decision = await limits.take(signupChecks(ip));
    if (decision && !decision.allowed) throw new RateLimitedError(decision);
    const passwordHash = await accounts.hashNewPassword(password, invite.email);
    const user = await db.transaction(async (tx) => {
      await accounts.lock(tx, invite.accountId);
      const created = await accounts.insertMember(tx, { accountId: invite.accountId, email: invite.email, passwordHash, role: invite.role });
      if (!created) throw conflict(`A Sightline user with the e-mail ${invite.email} already exists: sign in as it, then open the invitation link again.`);
      if (!(await invites.markAccepted(tx, invite.id, created.id, new Date(now())))) throw alreadyUsed();
      return created;
    });
    return { user, session: await auth.startSession(user.id), joined: 'new_user' as const };
  }

  return {
    async members(actor: Actor): Promise<MemberView[]> {
      const [rows, keyCounts] = await Promise.all([accounts.members(actor.accountId), keys.countByCreator(actor.accountId)]);
      return rows.map((u) => ({
        userId: u.id,
        email: u.email,
        role: u.role,
        joinedAt: u.createdAt.toISOString(),
        apiKeys: keyCounts.get(u.id) ?? 0,
        you: u.id === actor.userId,
      }));
    },

    /**
     * Accepts an invitation: signed out, a new user is created in the team (password required);
     * signed in, the user joins (see `join`). The token is spent; the caller gets a new session.
     */
    async accept(input: { token: string; password?: string | undefined; principal: Principal | null; sessionId?: string | undefined; ip: string }): Promise<Accepted> {
      const invite = await invites.usable(input.token);
      const done = input.principal ? await join(invite, input.principal, input.sessionId) : await signUp(invite, input.password, input.ip);
      const account = await accounts.findAccount(invite.accountId);
      if (!account) throw notFound('Account');
      return {
        account: { id: account.id, tier: account.tier },
        user: { id: done.user.id, email: done.user.email, role: done.user.role },
        joined: done.joined,
        session: done.session,
      };
    },

    /** Changes another member's role. Nobody changes their own; owners manage owners; one owner stays. */
    async changeRole(actor: Actor, userId: string, role: Role): Promise<MemberView> {
      const changed = await db.transaction(async (tx) => {
        await accounts.lock(tx, actor.accountId);
        const user = await target(tx, actor.accountId, userId);
        if (user.id === actor.userId) throw forbidden('You cannot change your own role: ask another owner or admin.');
        assertAdmin(actor, "change a member's role");
        if (user.role === 'owner') assertOwner(actor, "change an owner's role");
        if (role === 'owner') assertOwner(actor, 'make someone an owner');
        if (user.role === 'owner' && role !== 'owner' && (await accounts.countOtherOwners(actor.accountId, user.id, tx)) === 0) throw conflict(LAST_OWNER);
        return (await accounts.changeRole(actor.accountId, user.id, role, tx))!;
      });
      forget(changed.id);
      const apiKeys = (await keys.countByCreator(actor.accountId)).get(changed.id) ?? 0;
      return { userId: changed.id, email: changed.email, role: changed.role, joinedAt: changed.createdAt.toISOString(), apiKeys, you: false };
    },

    /**
     * Removes a member, or the caller leaves (userId = their own). Their sessions end and the API
     * keys they created are deleted with them. The last owner can neither leave nor be removed.
     */
    async remove(actor: Actor, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await accounts.lock(tx, actor.accountId);
        const user = await target(tx, actor.accountId, userId);
        if (user.id !== actor.userId) {
          assertAdmin(actor, 'remove someone else from the team');
          if (user.role === 'owner') assertOwner(actor, 'remove an owner');
        }
        if (user.role === 'owner' && (await accounts.countOtherOwners(actor.accountId, user.id, tx)) === 0) {
          throw conflict(user.id === actor.userId ? `You are the last owner. ${LAST_OWNER}` : LAST_OWNER);
        }
        await accounts.removeMember(actor.accountId, user.id, tx);
      });
      forget(userId);
    },
  };
}

function alreadyUsed() {
  return new DomainError('INVITE_ALREADY_USED', 'This invitation was accepted a moment ago; a link works once.');
}

export type TeamService = ReturnType<typeof createTeamService>;
