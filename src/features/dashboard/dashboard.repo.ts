/** Dashboard reads beyond the rollups (src/features/metrics/rollups.repo.ts): the texts behind prompt hashes. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.repo.js';

/** Prompt texts of the account's packs by hash (rollups carry only the hash). */
export async function promptTexts(db: Executor, accountId: string, brandId: string, hashes: readonly string[]): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const result = await db.execute(sql`
    select distinct on (p.prompt_hash) p.prompt_hash, p.text from prompts p
    join prompt_packs k on k.id = p.pack_id
    where k.account_id = ${accountId} and p.prompt_hash = any(${`{${hashes.join(',')}}`}::text[])
    order by p.prompt_hash, p.position`);
  const found = new Map(rows<{ prompt_hash: string; text: string }>(result).map((r) => [r.prompt_hash, r.text]));
  // Prompts of free checks and full queries live in no pack: take the text their answers carry.
  const missing = hashes.filter((h) => !found.has(h));
  if (missing.length > 0) {
    const fallback = await db.execute(sql`
      select h.hash as prompt_hash, a.prompt_text as text from unnest(${`{${missing.join(',')}}`}::text[]) as h(hash)
      cross join lateral (select prompt_text from answers where brand_id = ${brandId} and prompt_hash = h.hash limit 1) a`);
    for (const r of rows<{ prompt_hash: string; text: string }>(fallback)) found.set(r.prompt_hash, r.text);
  }
  return found;
}
