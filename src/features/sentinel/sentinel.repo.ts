/** All SQL of sentinel incidents and the evidence the detectors attach. */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findOwned, rows } from '../../db/rows.repo.js';
import {
  sentinelIncidents,
  type IncidentEvidence,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentType,
} from '../../db/schema/intelligence.js';

export type IncidentRow = typeof sentinelIncidents.$inferSelect;

export interface NewIncident {
  accountId: string;
  brandId: string;
  type: IncidentType;
  severity: IncidentSeverity;
  severityRank: number;
  title: string;
  fingerprint: string;
  evidence: IncidentEvidence[];
  detail: Record<string, unknown>;
  at: Date;
}

/** The unresolved incident of this fingerprint, locked for the caller's update. */
export async function findUnresolvedForUpdate(tx: Executor, brandId: string, fingerprint: string): Promise<IncidentRow | undefined> {
  const [row] = await tx
    .select()
    .from(sentinelIncidents)
    .where(and(eq(sentinelIncidents.brandId, brandId), eq(sentinelIncidents.fingerprint, fingerprint), ne(sentinelIncidents.status, 'resolved')))
    .for('update');
  return row;
}

/** Inserts an open incident; undefined when a concurrent detector opened the same one first. */
export async function insertIncident(tx: Executor, input: NewIncident): Promise<IncidentRow | undefined> {
  const [row] = await tx
    .insert(sentinelIncidents)
    .values({
      accountId: input.accountId,
      brandId: input.brandId,
      type: input.type,
      severity: input.severity,
      severityRank: input.severityRank,
      title: input.title,
      fingerprint: input.fingerprint,
      evidenceCount: input.evidence.length,
      evidence: input.evidence,
      detail: input.detail,
      openedAt: input.at,
      updatedAt: input.at,
      lastDetectedAt: input.at,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateDetection(
  tx: Executor,
  id: string,
  patch: Pick<IncidentRow, 'severity' | 'severityRank' | 'title' | 'evidence' | 'evidenceCount' | 'detail'> & { at: Date },
): Promise<void> {
  const { at, ...rest } = patch;
  await tx.update(sentinelIncidents).set({ ...rest, updatedAt: at, lastDetectedAt: at }).where(eq(sentinelIncidents.id, id));
}

export async function listIncidents(
  db: Executor,
  brandId: string,
  filter: { statuses: readonly IncidentStatus[]; severity?: IncidentSeverity | undefined; types?: readonly IncidentType[]; since?: Date; limit: number },
): Promise<IncidentRow[]> {
  const where = [eq(sentinelIncidents.brandId, brandId), inArray(sentinelIncidents.status, [...filter.statuses])];
  if (filter.severity) where.push(eq(sentinelIncidents.severity, filter.severity));
  if (filter.types) where.push(inArray(sentinelIncidents.type, [...filter.types]));
  if (filter.since) where.push(sql`${sentinelIncidents.lastDetectedAt} >= ${filter.since}`);
  return db
    .select()
    .from(sentinelIncidents)
    .where(and(...where))
    .orderBy(desc(sentinelIncidents.severityRank), desc(sentinelIncidents.openedAt))
    .limit(filter.limit);
}

export const findIncident = (db: Executor, accountId: string, id: string) => findOwned(db, sentinelIncidents, accountId, id);

/** Moves the status only from the expected one (a concurrent PATCH cannot skip a step). */
export async function setStatus(db: Executor, id: string, from: IncidentStatus, to: IncidentStatus, at: Date): Promise<IncidentRow | undefined> {
  const [row] = await db
    .update(sentinelIncidents)
    .set({ status: to, updatedAt: at, resolvedAt: to === 'resolved' ? at : null })
    .where(and(eq(sentinelIncidents.id, id), eq(sentinelIncidents.status, from)))
    .returning();
  return row;
}

/** Answers in the window that are evidence: negative mentions, or (per platform) non-mentions. */
export async function evidenceAnswers(
  db: Executor,
  brandId: string,
  since: Date,
  which: { kind: 'negative' } | { kind: 'missed'; platform: string },
): Promise<Array<{ id: string; platform: string; createdAt: string; prompt: string }>> {
  const filter =
    which.kind === 'negative'
      ? sql`mentioned and sentiment_label = 'negative'`
      : sql`platform = ${which.platform} and mentioned = false`;
  const result = await db.execute(sql`
    select id, platform, created_at, prompt_text from answers
    where brand_id = ${brandId} and created_at >= ${since} and error_kind is null and ${filter}
    order by created_at desc limit 50`);
  return rows<{ id: string; platform: string; created_at: Date | string; prompt_text: string }>(result).map((r) => ({
    id: r.id,
    platform: r.platform,
    createdAt: new Date(r.created_at).toISOString(),
    prompt: r.prompt_text,
  }));
}

/** Distinct cited domains (with one URL each: as written, and its grouping key) of the brand's answers since `since`. */
export async function citedDomains(db: Executor, brandId: string, since: Date): Promise<Array<{ domain: string; url: string; key: string; at: string }>> {
  const result = await db.execute(sql`
    select distinct on (domain) domain, url, normalized_url, created_at from answer_citations
    where brand_id = ${brandId} and created_at >= ${since}
    order by domain, created_at desc limit 2000`);
  return rows<{ domain: string; url: string; normalized_url: string; created_at: Date | string }>(result).map((r) => ({
    domain: r.domain,
    url: r.url,
    key: r.normalized_url,
    at: new Date(r.created_at).toISOString(),
  }));
}

/** Cited URLs on the given (social) domains since `since` (as written, and the grouping key), with the answer that cited each. */
export async function citedUrlsOn(
  db: Executor,
  brandId: string,
  since: Date,
  domains: readonly string[],
): Promise<Array<{ answerId: string; platform: string; url: string; key: string; at: string }>> {
  if (domains.length === 0) return [];
  const result = await db.execute(sql`
    select answer_id, platform, url, normalized_url, created_at from answer_citations
    where brand_id = ${brandId} and created_at >= ${since} and domain in (${sql.join(domains.map((d) => sql`${d}`), sql`, `)})
    order by created_at desc limit 2000`);
  return rows<{ answer_id: string; platform: string; url: string; normalized_url: string; created_at: Date | string }>(result).map((r) => ({
    answerId: r.answer_id,
    platform: r.platform,
    url: r.url,
    key: r.normalized_url,
    at: new Date(r.created_at).toISOString(),
  }));
}

/**
 * Texts that may name an account (an "@", or a social host written without a scheme), among the
 * brand's newest answers since `since`. The inner limit bounds the scan for a brand with a very
 * large history: the check reads at most `scanned` answers however many the window holds.
 */
export async function answersNamingAccounts(
  db: Executor,
  brandId: string,
  since: Date,
  hostPattern: string,
  scanned = 2000,
): Promise<Array<{ id: string; platform: string; text: string; at: string }>> {
  const result = await db.execute(sql`
    select a.id, a.platform, a.raw_text, a.created_at from answers a
    where a.id in (
      select id from answers
      where brand_id = ${brandId} and created_at >= ${since} and error_kind is null
      order by created_at desc limit ${scanned})
    and (position('@' in a.raw_text) > 0 or a.raw_text ~* ${hostPattern})
    order by a.created_at desc`);
  return rows<{ id: string; platform: string; raw_text: string; created_at: Date | string }>(result).map((r) => ({
    id: r.id,
    platform: r.platform,
    text: r.raw_text,
    at: new Date(r.created_at).toISOString(),
  }));
}
