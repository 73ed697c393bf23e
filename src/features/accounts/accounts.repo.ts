/** The only SQL of accounts and users. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, users, type CustomLimits, type Role, type Tier } from '../../db/schema/identity.js';

export interface AccountRow {
  id: string;
  tier: Tier;
  customLimits: CustomLimits | null;
  createdAt: Date;
}

export interface UserRow {
  id: string;
  accountId: string;
  email: string;
  passwordHash: string;
  role: Role;
  createdAt: Date;
}

export async function insertAccount(db: Executor, tier: Tier): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values({ tier }).returning();
  return row as AccountRow;
}

/** Inserts a user; undefined when the e-mail is taken (the unique index decides, no race). */
export async function insertUser(
  db: Executor,
  user: { accountId: string; email: string; passwordHash: string; role: Role },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
  return row as UserRow | undefined;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row as UserRow | undefined;
}

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row as UserRow | undefined;
}

export async function findAccount(db: Executor, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row as AccountRow | undefined;
}

export async function setTier(db: Executor, id: string, tier: Tier, customLimits?: CustomLimits | null): Promise<void> {
  await db
    .update(accounts)
    .set(customLimits === undefined ? { tier } : { tier, customLimits })
    .where(eq(accounts.id, id));
}

export async function setRole(db: Executor, userId: string, role: Role): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

/** Serialises "count, then insert" per account (brand quota, webhook limit) without a table lock. */
export async function lockAccount(tx: Executor, accountId: string): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}
