/** SQL of authority: citation counts of the window and the stored daily snapshots. */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.repo.js';
import { authoritySnapshots } from '../../db/schema/intelligence.js';
import { AUTHORITATIVE_HOSTS, AUTHORITATIVE_SUFFIX } from './formula.js';

export type SnapshotRow = typeof authoritySnapshots.$inferSelect;

/** Distinct answers citing the brand's own domain, and mentioning answers citing an authority. */
export async function citationCounts(db: Executor, brandId: string, since: Date, ownDomain: string | null) {
  const result = await db.execute(sql`
    with c as (
      select c.answer_id, c.domain, a.mentioned, lower(substring(c.normalized_url from '^[a-zA-Z]+://([^/:?#]+)')) as host
      from answer_citations c join answers a on a.id = c.answer_id
      where c.brand_id = ${brandId} and c.created_at >= ${since}
    )
    select
      count(distinct answer_id) filter (where domain = ${ownDomain ?? ''}) as own,
      count(distinct answer_id) filter (where mentioned and domain <> ${ownDomain ?? ''} and (
        host ~ ${AUTHORITATIVE_SUFFIX} or exists (
          select 1 from unnest(${`{${AUTHORITATIVE_HOSTS.join(',')}}`}::text[]) d where host = d or host like '%.' || d))) as auth
    from c`);
  const r = rows<{ own: number | string; auth: number | string }>(result)[0];
  return { own: Number(r?.own ?? 0), authoritative: Number(r?.auth ?? 0) };
}

export async function upsertSnapshot(db: Executor, row: typeof authoritySnapshots.$inferInsert): Promise<void> {
  await db
    .insert(authoritySnapshots)
    .values(row)
    .onConflictDoUpdate({
      target: [authoritySnapshots.brandId, authoritySnapshots.day],
      set: {
        scoredAt: row.scoredAt,
        geoScore: row.geoScore,
        eeatScore: row.eeatScore,
        citationDensity: row.citationDensity,
        subscores: row.subscores,
        sampleSize: row.sampleSize,
      },
    });
}

/** The latest snapshot on or before `day`. */
export async function snapshotOnOrBefore(db: Executor, brandId: string, day: string): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(authoritySnapshots)
    .where(and(eq(authoritySnapshots.brandId, brandId), lte(authoritySnapshots.day, day)))
    .orderBy(desc(authoritySnapshots.day))
    .limit(1);
  return row;
}
