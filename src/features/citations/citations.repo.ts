/** All SQL of citations: the per-brand list and first sightings (`brand_citation_urls`). */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface CitationRow {
  id: string;
  platform: string;
  url: string;
  domain: string;
  promptHash: string;
  context: string;
  lastSeenAt: Date;
  firstSeenAt: Date | null;
  total: number;
}

export const MAX_CITATIONS = 500;

/** Distinct URLs cited in the brand's answers since `since`, the most recently cited first. */
export async function listCitations(db: Executor, brandId: string, since: Date, platform: string | null): Promise<CitationRow[]> {
  const byPlatform = platform === null ? sql`` : sql`and platform = ${platform}`;
  const result = await db.execute(sql`
    with latest as (
      select distinct on (url) id, platform, url, domain, prompt_hash, context, created_at
      from answer_citations where brand_id = ${brandId} and created_at >= ${since} ${byPlatform}
      order by url, created_at desc
    )
    select l.*, u.first_seen_at, count(*) over () as total
    from latest l left join brand_citation_urls u on u.brand_id = ${brandId} and u.url = l.url
    order by l.created_at desc, l.url limit ${MAX_CITATIONS}`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    id: String(r.id),
    platform: String(r.platform),
    url: String(r.url),
    domain: String(r.domain),
    promptHash: String(r.prompt_hash),
    context: String(r.context ?? ''),
    lastSeenAt: new Date(r.created_at as string),
    firstSeenAt: r.first_seen_at ? new Date(r.first_seen_at as string) : null,
    total: Number(r.total),
  }));
}

export interface Discovery {
  brandId: string;
  url: string;
  domain: string;
  platform: string;
  promptHash: string;
  firstSeenAt: Date;
}

/** Records the run's URLs never cited for its brand before; returns exactly those (once ever). */
export async function recordFirstSightings(tx: Executor, runId: string): Promise<Discovery[]> {
  const result = await tx.execute(sql`
    insert into brand_citation_urls (brand_id, url, domain, platform, prompt_hash, first_seen_at)
    select distinct on (c.brand_id, c.url) c.brand_id, c.url, c.domain, c.platform, c.prompt_hash, c.created_at
    from answers a join answer_citations c on c.answer_id = a.id
    where a.run_id = ${runId} and c.brand_id is not null
    order by c.brand_id, c.url, c.created_at
    on conflict do nothing
    returning brand_id, url, domain, platform, prompt_hash, first_seen_at`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    brandId: String(r.brand_id),
    url: String(r.url),
    domain: String(r.domain),
    platform: String(r.platform),
    promptHash: String(r.prompt_hash),
    firstSeenAt: new Date(r.first_seen_at as string),
  }));
}
