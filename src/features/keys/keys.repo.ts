/** The only SQL of API keys. */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, apiKeys, type CustomLimits, identityColumns, type Role, type Tier, users } from '../../db/schema/identity.js';
import type { Scope } from '../auth/principal.js';
import type { KeyMode, KeyType } from './key-format.js';

export interface NewKeyRow {
  accountId: string;
  createdBy: string;
  name: string | null;
  type: KeyType;
  mode: KeyMode | null;
  scopes: Scope[];
  prefix: string;
  hash: string;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface KeyRow {
  id: string;
  name: string | null;
  type: KeyType;
  mode: KeyMode | null;
  scopes: Scope[];
  prefix: string;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
}

/** A key with what the auth layer needs about its account and creator, in one indexed read. */
export interface KeyIdentity {
  id: string;
  accountId: string;
  userId: string;
  type: KeyType;
  mode: KeyMode | null;
  scopes: Scope[];
  revokedAt: Date | null;
  expiresAt: Date | null;
  tier: Tier;
  customLimits: CustomLimits | null;
  role: Role;
}

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

export async function insertKey(db: Executor, row: NewKeyRow): Promise<KeyRow> {
  const [created] = await db.insert(apiKeys).values(row).returning(listColumns);
  return created as KeyRow;
}

export async function listActiveKeys(db: Executor, accountId: string): Promise<KeyRow[]> {
  const rows = await db
    .select(listColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows as KeyRow[];
}

export async function countActiveKeys(db: Executor, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function findKeyByHash(db: Executor, hash: string): Promise<KeyIdentity | undefined> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      userId: apiKeys.createdBy,
      type: apiKeys.type,
      mode: apiKeys.mode,
      scopes: apiKeys.scopes,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      ...identityColumns,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.hash, hash))
    .limit(1);
  return row as KeyIdentity | undefined;
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
