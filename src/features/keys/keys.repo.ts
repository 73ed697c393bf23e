/** The only SQL of API keys. */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type AccountIdentity, findIdentity } from '../../db/identity.repo.js';
import { apiKeys } from '../../db/schema/identity.js';

export type NewKeyRow = typeof apiKeys.$inferInsert;
type ApiKeyRow = typeof apiKeys.$inferSelect;

/** What the key list shows (never the hash). */
const listColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  type: apiKeys.type,
  mode: apiKeys.mode,
  scopes: apiKeys.scopes,
  prefix: apiKeys.prefix,
  lastUsedAt: apiKeys.lastUsedAt,
  expiresAt: apiKeys.expiresAt,
  createdAt: apiKeys.createdAt,
};
export type KeyRow = Pick<ApiKeyRow, keyof typeof listColumns>;

/** A key with what the auth layer needs about its account and creator, in one indexed read. */
export interface KeyIdentity extends AccountIdentity, Pick<ApiKeyRow, 'id' | 'accountId' | 'type' | 'mode' | 'scopes' | 'revokedAt' | 'expiresAt'> {
  userId: string;
}

export async function insertKey(db: Executor, row: NewKeyRow): Promise<KeyRow> {
  const [created] = await db.insert(apiKeys).values(row).returning(listColumns);
  return created!;
}

export async function listActiveKeys(db: Executor, accountId: string): Promise<KeyRow[]> {
  return db
    .select(listColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function countActiveKeys(db: Executor, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export function findKeyByHash(db: Executor, hash: string): Promise<KeyIdentity | undefined> {
  const { id, accountId, type, mode, scopes, revokedAt, expiresAt, createdBy } = apiKeys;
  return findIdentity<KeyIdentity>(
    db,
    { table: apiKeys, userId: createdBy, accountId },
    { id, accountId, userId: createdBy, type, mode, scopes, revokedAt, expiresAt },
    eq(apiKeys.hash, hash),
  );
}

/** Revokes one key of this account; returns its hash, or undefined when the account has no such key. */
export async function revokeKey(db: Executor, accountId: string, id: string, at: Date): Promise<{ hash: string } | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)))
    .returning({ hash: apiKeys.hash });
  return row;
}

/** One statement for a whole batch of "last used" times (never moves a time backwards). */
export async function touchKeys(db: Executor, usedAt: ReadonlyMap<string, Date>): Promise<void> {
  if (usedAt.size === 0) return;
  const ids = [...usedAt.keys()];
  const cases = sql.join(
    ids.map((id) => sql`when ${apiKeys.id} = ${id}::uuid then ${usedAt.get(id)!.toISOString()}::timestamptz`),
    sql` `,
  );
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`greatest(coalesce(${apiKeys.lastUsedAt}, '-infinity'::timestamptz), case ${cases} end)` })
    .where(inArray(apiKeys.id, ids));
}

/** Active (unrevoked) keys of the account per creating user. */
export async function countActiveKeysByCreator(db: Executor, accountId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ userId: apiKeys.createdBy, n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .groupBy(apiKeys.createdBy);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}
