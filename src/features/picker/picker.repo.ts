/** SQL of the picker: each prompt's last answer (its day counts come from the metrics rollups). */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.repo.js';

/** Last successful answer per prompt hash (one index probe per prompt). */
export async function lastSampled(db: Executor, brandId: string, hashes: readonly string[]): Promise<Map<string, Date>> {
  if (hashes.length === 0) return new Map();
  const result = await db.execute(sql`
    select h.hash, a.created_at from unnest(${`{${hashes.join(',')}}`}::text[]) as h(hash)
    cross join lateral (
      select created_at from answers where brand_id = ${brandId} and prompt_hash = h.hash and error_kind is null
      order by created_at desc limit 1
    ) a`);
  return new Map(rows<{ hash: string; created_at: string | Date }>(result).map((r) => [r.hash, new Date(r.created_at)]));
}
