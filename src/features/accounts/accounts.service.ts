/**
 * Accounts (tenants) and their users. An account is created with its owner; e-mails are
 * stored trimmed and lower-cased and are unique across the service.
 */
import { badRequest, } from '../../lib/errors.js';
import type { Db, Executor } from '../../db/client.js';
import type { Role, Tier } from '../../db/schema/identity.js';
import * as repo from './accounts.repo.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { passwordWeakness } from './password-policy.js';

/** 400 naming the password when it is common or built from the e-mail (new passwords only). */
export function assertStrongPassword(password: string, email: string): void {
  const weakness = passwordWeakness(password, email);
  if (weakness) throw badRequest(weakness, { field: 'password' });
}

export type { AccountRow, UserRow } from './accounts.repo.js';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export class EmailTakenError extends Error {
  constructor() {
    super('An account with this e-mail already exists; sign in instead.');
    this.name = 'EmailTakenError';
  }
}

export function createAccountsService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /** A new account with its owner. Throws EmailTakenError when the e-mail is registered. */
    async createAccount(input: { email: string; password: string; tier?: Tier }) {
      const email = normaliseEmail(input.email);
      assertStrongPassword(input.password, email);
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const account = await repo.insertAccount(tx, input.tier ?? 'free');
        const user = await repo.insertUser(tx, { accountId: account.id, email, passwordHash, role: 'owner' });
        if (!user) throw new EmailTakenError(); // rolls the account back too
        return { account, user };
      });
    },

    /** The user for these credentials, or undefined; takes as long for an unknown e-mail. */
    async authenticate(email: string, password: string) {
      const user = await repo.findUserByEmail(db, normaliseEmail(email));
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
      return ok && user ? user : undefined;
    },

    findUserByEmail: (email: string) => repo.findUserByEmail(db, normaliseEmail(email)),
    findUser: (id: string) => repo.findUser(db, id),
    findAccount: (id: string) => repo.findAccount(db, id),
    setTier: (accountId: string, tier: Tier, customLimits?: repo.AccountRow['customLimits']) =>
      repo.setTier(db, accountId, tier, customLimits),
    /** Inside `tx`, holds the account's row until commit: per-account "count, then insert" checks run one at a time. */
    lock: (tx: Executor, accountId: string) => repo.lockAccount(tx, accountId),

    // Team membership (src/features/team builds on these; `tx` lets it hold the account's lock).
    /** The account's users, oldest first. */
    members: (accountId: string, tx: Executor = db) => repo.listUsers(tx, accountId),
    /** A user of this account, or undefined (another account's user is not found). */
    member: (accountId: string, userId: string, tx: Executor = db) => repo.findUserInAccount(tx, accountId, userId),
    countOtherOwners: (accountId: string, exceptUserId: string, tx: Executor = db) => repo.countOtherOwners(tx, accountId, exceptUserId),
    countMembers: (accountId: string, tx: Executor = db) => repo.countUsers(tx, accountId),
    changeRole: (accountId: string, userId: string, role: Role, tx: Executor = db) => repo.updateUserRole(tx, accountId, userId, role),
    removeMember: (accountId: string, userId: string, tx: Executor = db) => repo.deleteUser(tx, accountId, userId),
    /** Moves a user (and their sign-in) into another account with a role. */
    moveMember: (userId: string, toAccountId: string, role: Role, tx: Executor = db) => repo.moveUser(tx, userId, toAccountId, role),
    /** Closes an account: its brands, keys, webhooks and usage go with it. */
    deleteAccount: (accountId: string, tx: Executor = db) => repo.deleteAccount(tx, accountId),
    /** A new user's password, checked against the policy and hashed (slow: call outside transactions). */
    async hashNewPassword(password: string, email: string): Promise<string> {
      assertStrongPassword(password, normaliseEmail(email));
      return hashPassword(password);
    },
    /** Inserts a user with an already hashed password; undefined when the e-mail is taken. */
    insertMember: (tx: Executor, user: { accountId: string; email: string; passwordHash: string; role: Role }) =>
      repo.insertUser(tx, { ...user, email: normaliseEmail(user.email) }),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
