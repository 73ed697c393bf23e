/** The only SQL of dashboard sessions. */
import { and, eq, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type AccountIdentity, findIdentity } from '../../db/identity.repo.js';
import { sessions, users } from '../../db/schema/identity.js';

type SessionRow = typeof sessions.$inferSelect;

export interface SessionIdentity extends AccountIdentity, Pick<SessionRow, 'userId' | 'renewedAt' | 'expiresAt' | 'absoluteExpiresAt'> {
  accountId: string;
}

export async function insertSession(db: Executor, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

export function findSession(db: Executor, idHash: string): Promise<SessionIdentity | undefined> {
  const { userId, renewedAt, expiresAt, absoluteExpiresAt } = sessions;
  return findIdentity<SessionIdentity>(
    db,
    { table: sessions, userId, accountId: users.accountId },
    { userId, accountId: users.accountId, renewedAt, expiresAt, absoluteExpiresAt },
    eq(sessions.idHash, idHash),
  );
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
