/**
 * What most repos need, written once: the rows of a raw query, insert a row and get it back as
 * stored, and read one of an account's rows by id. Tenancy is in the condition itself: another account's id
 * finds nothing, which the services answer as 404.
 */
import { and, eq, getTableName, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/** The rows of a raw `db.execute` (PGlite and node-postgres both answer `{ rows }`). */
export const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A table whose rows belong to an account and have a uuid `id`. */
type OwnedTable = PgTable & { id: AnyPgColumn; accountId: AnyPgColumn };

/** Inserts one row and returns it with the database's defaults filled in. */
export async function insertReturning<T extends PgTable>(db: Executor, table: T, row: T['$inferInsert']): Promise<T['$inferSelect']> {
  const [inserted] = (await db.insert(table).values(row).returning()) as Array<T['$inferSelect']>;
  if (!inserted) throw new Error(`${getTableName(table)} insert returned nothing`);
  return inserted;
}

/** The condition "this id, of this account". */
export const ownedBy = (table: OwnedTable, accountId: string, id: string): SQL => and(eq(table.id, id), eq(table.accountId, accountId))!;

/** The account's row with this id; undefined when there is none or it is another account's. */
export async function findOwned<T extends OwnedTable>(db: Executor, table: T, accountId: string, id: string): Promise<T['$inferSelect'] | undefined> {
  const [row] = (await db.select().from(table as PgTable).where(ownedBy(table, accountId, id))) as Array<T['$inferSelect']>;
  return row;
}
