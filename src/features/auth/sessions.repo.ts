/** The only SQL of dashboard sessions. */
import { and, eq, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, identityColumns, sessions, users, type CustomLimits, type Role, type Tier } from '../../db/schema/identity.js';

export interface SessionIdentity {
  userId: string;
  accountId: string;
  role: Role;
  tier: Tier;
  customLimits: CustomLimits | null;
  renewedAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
}

export async function insertSession(
  db: Executor,
  row: { idHash: string; userId: string; createdAt: Date; renewedAt: Date; expiresAt: Date; absoluteExpiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findSession(db: Executor, idHash: string): Promise<SessionIdentity | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      accountId: users.accountId,
      ...identityColumns,
      renewedAt: sessions.renewedAt,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(sessions.idHash, idHash))
    .limit(1);
  return row as SessionIdentity | undefined;
}

export async function renewSession(db: Executor, idHash: string, renewedAt: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ renewedAt, expiresAt }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Drops a user's sessions that can no longer be used (run at each sign-in; keeps the table small). */
export async function deleteExpiredSessions(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now))));
}
