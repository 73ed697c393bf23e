/** The only SQL of accounts and users. */
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertReturning } from '../../db/rows.repo.js';
import { accounts, users, type CustomLimits, type Role, type Tier } from '../../db/schema/identity.js';

export type AccountRow = typeof accounts.$inferSelect;

export type UserRow = typeof users.$inferSelect;

export const insertAccount = (db: Executor, tier: Tier): Promise<AccountRow> => insertReturning(db, accounts, { tier });

/** Inserts a user; undefined when the e-mail is taken (the unique index decides, no race). */
export async function insertUser(
  db: Executor,
  user: { accountId: string; email: string; passwordHash: string; role: Role },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findAccount(db: Executor, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function setTier(db: Executor, id: string, tier: Tier, customLimits?: CustomLimits | null): Promise<void> {
  await db
    .update(accounts)
    .set(customLimits === undefined ? { tier } : { tier, customLimits })
    .where(eq(accounts.id, id));
}

/** Serialises "count, then insert" per account (brand quota, webhook limit) without a table lock. */
export async function lockAccount(tx: Executor, accountId: string): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

/** The users of an account (its team), oldest first. */
export async function listUsers(db: Executor, accountId: string): Promise<UserRow[]> {
  return (await db.select().from(users).where(eq(users.accountId, accountId)).orderBy(asc(users.createdAt), asc(users.id))) as UserRow[];
}

export async function findUserInAccount(db: Executor, accountId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.accountId, accountId), eq(users.id, userId))).limit(1);
  return row as UserRow | undefined;
}

/** Owners of the account other than `exceptUserId`. */
export async function countOtherOwners(db: Executor, accountId: string, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'owner'), ne(users.id, exceptUserId)));
  return Number(row?.n ?? 0);
}

export async function countUsers(db: Executor, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.accountId, accountId));
  return Number(row?.n ?? 0);
}

export async function updateUserRole(db: Executor, accountId: string, userId: string, role: Role): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ role }).where(and(eq(users.accountId, accountId), eq(users.id, userId))).returning();
  return row as UserRow | undefined;
}

/** Deletes the user (their sessions and the API keys they created go with them: foreign keys). */
export async function deleteUser(db: Executor, accountId: string, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(and(eq(users.accountId, accountId), eq(users.id, userId))).returning({ id: users.id });
  return rows.length > 0;
}

/** Moves a user into another account with a role (joining a team from an empty solo account). */
export async function moveUser(db: Executor, userId: string, accountId: string, role: Role): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ accountId, role }).where(eq(users.id, userId)).returning();
  return row as UserRow | undefined;
}

/** Deletes an account and everything it owns (foreign keys cascade). */
export async function deleteAccount(db: Executor, accountId: string): Promise<void> {
  await db.delete(accounts).where(eq(accounts.id, accountId));
}
