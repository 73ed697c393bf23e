/** SQL of AEO batches and their items. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findOwned, insertReturning } from '../../db/rows.repo.js';
import { aeoBatches, aeoBatchItems } from '../../db/schema/intelligence.js';

export type BatchRow = typeof aeoBatches.$inferSelect;
export type ItemRow = typeof aeoBatchItems.$inferSelect;

export const insertBatch = (db: Executor, row: typeof aeoBatches.$inferInsert) => insertReturning(db, aeoBatches, row);

export async function insertItems(db: Executor, rows: Array<typeof aeoBatchItems.$inferInsert>): Promise<void> {
  await db.insert(aeoBatchItems).values(rows);
}

/** The account's batch (another account's is not found). */
export const findBatch = (db: Executor, accountId: string, id: string) => findOwned(db, aeoBatches, accountId, id);

export async function listItems(db: Executor, batchId: string): Promise<ItemRow[]> {
  return db.select().from(aeoBatchItems).where(eq(aeoBatchItems.batchId, batchId)).orderBy(asc(aeoBatchItems.position));
}

/** One item with what its job needs from the batch. */
export async function findWork(db: Executor, batchId: string, position: number): Promise<{ batch: BatchRow; item: ItemRow } | undefined> {
  const [row] = await db
    .select({ batch: aeoBatches, item: aeoBatchItems })
    .from(aeoBatchItems)
    .innerJoin(aeoBatches, eq(aeoBatches.id, aeoBatchItems.batchId))
    .where(and(eq(aeoBatchItems.batchId, batchId), eq(aeoBatchItems.position, position)));
  return row;
}

/** Marks the item (and its batch, the first time) running; counts the attempt. */
export async function markRunning(db: Executor, batchId: string, position: number, at: Date): Promise<void> {
  await db
    .update(aeoBatchItems)
    .set({ status: 'running', attempts: sql`${aeoBatchItems.attempts} + 1`, startedAt: sql`coalesce(${aeoBatchItems.startedAt}, ${at})` })
    .where(and(eq(aeoBatchItems.batchId, batchId), eq(aeoBatchItems.position, position), inArray(aeoBatchItems.status, ['queued', 'running'])));
  await db.update(aeoBatches).set({ status: 'running', startedAt: at }).where(and(eq(aeoBatches.id, batchId), eq(aeoBatches.status, 'queued')));
}

/** Locks the batch row: items of one batch finish one after another, so exactly one sees the last. */
export async function lockBatch(tx: Executor, batchId: string): Promise<BatchRow | undefined> {
  const [row] = await tx.select().from(aeoBatches).where(eq(aeoBatches.id, batchId)).for('update');
  return row;
}

/** Records the item's outcome unless one is recorded already; false for a late duplicate. */
export async function finishItem(
  tx: Executor,
  batchId: string,
  position: number,
  outcome: Pick<ItemRow, 'status' | 'result' | 'errorCode' | 'errorMessage' | 'costUsd' | 'gain'> & { at: Date },
): Promise<boolean> {
  const { at, ...rest } = outcome;
  const updated = await tx
    .update(aeoBatchItems)
    .set({ ...rest, finishedAt: at })
    .where(and(eq(aeoBatchItems.batchId, batchId), eq(aeoBatchItems.position, position), inArray(aeoBatchItems.status, ['queued', 'running'])))
    .returning({ position: aeoBatchItems.position });
  return updated.length > 0;
}

export async function completeBatch(
  tx: Executor,
  batchId: string,
  totals: { successCount: number; failureCount: number; citationGain: number; at: Date },
): Promise<BatchRow | undefined> {
  const [row] = await tx
    .update(aeoBatches)
    .set({ status: 'completed', successCount: totals.successCount, failureCount: totals.failureCount, citationGain: totals.citationGain, completedAt: totals.at })
    .where(and(eq(aeoBatches.id, batchId), sql`${aeoBatches.status} <> 'completed'`))
    .returning();
  return row;
}
