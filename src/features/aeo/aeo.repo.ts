/** SQL of AEO batches. */
import type { Executor } from '../../db/client.js';
import { aeoBatches } from '../../db/schema/intelligence.js';

export async function insertBatch(db: Executor, row: typeof aeoBatches.$inferInsert) {
  const [inserted] = await db.insert(aeoBatches).values(row).returning();
  if (!inserted) throw new Error('batch insert returned nothing');
  return inserted;
}
