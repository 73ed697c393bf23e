/** The only SQL of team invitations (the members themselves are users: the accounts feature). */
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { teamInvites, type Role } from '../../db/schema/identity.js';

export type InviteRow = typeof teamInvites.$inferSelect;

export interface NewInvite {
  accountId: string;
  email: string;
  role: Role;
  tokenHash: string;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Inserts an invitation, replacing a pending one to the same e-mail (a re-invite is a resend). */
export async function replaceInvite(tx: Executor, invite: NewInvite): Promise<InviteRow> {
  await tx
    .delete(teamInvites)
    .where(and(eq(teamInvites.accountId, invite.accountId), eq(teamInvites.email, invite.email), isNull(teamInvites.acceptedAt)));
  const [row] = await tx.insert(teamInvites).values(invite).returning();
  return row!;
}

/** Pending (not accepted) invitations of the account, newest first, expired ones included. */
export async function listPending(db: Executor, accountId: string): Promise<InviteRow[]> {
  return db
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.accountId, accountId), isNull(teamInvites.acceptedAt)))
    .orderBy(desc(teamInvites.createdAt), desc(teamInvites.id));
}

export async function countUsable(db: Executor, accountId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamInvites)
    .where(and(eq(teamInvites.accountId, accountId), isNull(teamInvites.acceptedAt), gt(teamInvites.expiresAt, now)));
  return Number(row?.n ?? 0);
}

/** Withdraws a pending invitation of this account; false when there is none with this id. */
export async function deletePending(db: Executor, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(teamInvites)
    .where(and(eq(teamInvites.accountId, accountId), eq(teamInvites.id, id), isNull(teamInvites.acceptedAt)))
    .returning({ id: teamInvites.id });
  return rows.length > 0;
}

export async function findByTokenHash(db: Executor, tokenHash: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(teamInvites).where(eq(teamInvites.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Spends the invitation; false when another request spent it first (the row lock decides). */
export async function markAccepted(tx: Executor, id: string, userId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(teamInvites)
    .set({ acceptedAt: at, acceptedBy: userId })
    .where(and(eq(teamInvites.id, id), isNull(teamInvites.acceptedAt)))
    .returning({ id: teamInvites.id });
  return rows.length > 0;
}
