/** The only SQL of the usage ledger. */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { usageLedger } from '../../db/schema/identity.js';

export interface LedgerEntry {
  accountId: string;
  kind: string;
  quantity: number;
  /** Decimal string, 6 places. */
  costUsd: string;
  reference: string | null;
  createdAt: Date;
}

/** Inserts an entry; false when this (account, kind, reference) was already recorded. */
export async function insertEntry(db: Executor, entry: LedgerEntry): Promise<boolean> {
  const rows = await db.insert(usageLedger).values(entry).onConflictDoNothing().returning({ id: usageLedger.id });
  return rows.length > 0;
}

export interface KindTotal {
  kind: string;
  quantity: number;
  costUsd: string;
}

export async function totalsByKind(db: Executor, accountId: string, from: Date, to: Date): Promise<KindTotal[]> {
  return db
    .select({
      kind: usageLedger.kind,
      quantity: sql<number>`coalesce(sum(${usageLedger.quantity}), 0)::float8`,
      costUsd: sql<string>`coalesce(sum(${usageLedger.costUsd}), 0)::text`,
    })
    .from(usageLedger)
    .where(and(eq(usageLedger.accountId, accountId), gte(usageLedger.createdAt, from), lt(usageLedger.createdAt, to)))
    .groupBy(usageLedger.kind)
    .orderBy(usageLedger.kind);
}
