/**
 * All SQL of citations: the per-brand list and first sightings (`brand_citation_urls`). Both are
 * per page, i.e. per grouping key (`answer_citations.normalized_url`); the URL shown is one as
 * an answer wrote it.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.repo.js';

export interface CitationRow {
  id: string;
  platform: string;
  /** As written in the latest answer citing the page. */
  url: string;
  normalizedUrl: string;
  domain: string;
  promptHash: string;
  context: string;
  lastSeenAt: Date;
  firstSeenAt: Date | null;
  total: number;
}

export const MAX_CITATIONS = 500;

/** Distinct pages (grouping keys) cited in the brand's answers since `since`, the most recently cited first. */
export async function listCitations(db: Executor, brandId: string, since: Date, platform: string | null): Promise<CitationRow[]> {
  const byPlatform = platform === null ? sql`` : sql`and platform = ${platform}`;
  const result = await db.execute(sql`
    with latest as (
      select distinct on (normalized_url) id, platform, url, normalized_url, domain, prompt_hash, context, created_at
      from answer_citations where brand_id = ${brandId} and created_at >= ${since} ${byPlatform}
      order by normalized_url, created_at desc
    )
    select l.*, u.first_seen_at, count(*) over () as total
    from latest l left join brand_citation_urls u on u.brand_id = ${brandId} and u.url = l.normalized_url
    order by l.created_at desc, l.normalized_url limit ${MAX_CITATIONS}`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    id: String(r.id),
    platform: String(r.platform),
    url: String(r.url),
    normalizedUrl: String(r.normalized_url),
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
  /** As written in the answer that first cited the page. */
  url: string;
  normalizedUrl: string;
  domain: string;
  platform: string;
  promptHash: string;
  firstSeenAt: Date;
}

/** Records the run's pages never cited for its brand before; returns exactly those (once ever). */
export async function recordFirstSightings(tx: Executor, runId: string): Promise<Discovery[]> {
  const result = await tx.execute(sql`
    with first as (
      select distinct on (c.brand_id, c.normalized_url) c.brand_id, c.url, c.normalized_url, c.domain, c.platform, c.prompt_hash, c.created_at
      from answers a join answer_citations c on c.answer_id = a.id
      where a.run_id = ${runId} and c.brand_id is not null
      order by c.brand_id, c.normalized_url, c.created_at
    ),
    ins as (
      insert into brand_citation_urls (brand_id, url, domain, platform, prompt_hash, first_seen_at)
      select brand_id, normalized_url, domain, platform, prompt_hash, created_at from first
      on conflict do nothing
      returning brand_id, url, domain, platform, prompt_hash, first_seen_at
    )
    select ins.*, first.url as written from ins join first on first.brand_id = ins.brand_id and first.normalized_url = ins.url`);
  return rows<Record<string, unknown>>(result).map((r) => ({
    brandId: String(r.brand_id),
    url: String(r.written),
    normalizedUrl: String(r.url),
    domain: String(r.domain),
    platform: String(r.platform),
    promptHash: String(r.prompt_hash),
    firstSeenAt: new Date(r.first_seen_at as string),
  }));
}

/**
 * First sightings of the pages the given (re-read) answers cite, recorded without an event: a
 * page found in old answers by a newer engine was not discovered now, and its first sighting is
 * the answer that cited it. An earlier sighting on record stays.
 */
export async function recordSightingsOf(tx: Executor, answerIds: readonly string[]): Promise<number> {
  if (answerIds.length === 0) return 0;
  const result = await tx.execute(sql`
    insert into brand_citation_urls as u (brand_id, url, domain, platform, prompt_hash, first_seen_at)
    select distinct on (c.brand_id, c.normalized_url) c.brand_id, c.normalized_url, c.domain, c.platform, c.prompt_hash, c.created_at
    from answer_citations c
    where c.answer_id in (select jsonb_array_elements_text(${JSON.stringify(answerIds)}::jsonb)::uuid) and c.brand_id is not null
      and exists (select 1 from brands b where b.id = c.brand_id)
    order by c.brand_id, c.normalized_url, c.created_at
    on conflict (brand_id, url) do update set first_seen_at = excluded.first_seen_at, platform = excluded.platform,
      prompt_hash = excluded.prompt_hash
      where excluded.first_seen_at < u.first_seen_at
    returning 1`);
  return rows(result).length;
}
