/**
 * The one read of what a request's principal needs from its user and account, the same whether
 * the request came with a session cookie or an API key: the credential's row, joined to the user
 * it acts as and to the account it belongs to, in one indexed lookup.
 */
import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';
import { accounts, type CustomLimits, type Role, type Tier, users } from './schema/identity.js';

/** What every principal carries from its user and account. */
export interface AccountIdentity {
  role: Role;
  tier: Tier;
  customLimits: CustomLimits | null;
}

export interface Credential {
  table: PgTable;
  /** The user the credential acts as, and the account it belongs to. */
  userId: AnyPgColumn;
  accountId: AnyPgColumn;
}

/** `columns` of the credential's row matching `where`, with the identity of its user and account. */
export async function findIdentity<Row>(
  db: Executor,
  credential: Credential,
  columns: Record<string, AnyPgColumn>,
  where: SQL,
): Promise<(Row & AccountIdentity) | undefined> {
  const [row] = await db
    .select({ ...columns, role: users.role, tier: accounts.tier, customLimits: accounts.customLimits })
    .from(credential.table)
    .innerJoin(users, eq(users.id, credential.userId))
    .innerJoin(accounts, eq(accounts.id, credential.accountId))
    .where(where)
    .limit(1);
  return row as (Row & AccountIdentity) | undefined;
}
