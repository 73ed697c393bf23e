/**
 * Sentinel: runs the detectors after each monitoring pass, opens or updates incidents (one
 * unresolved incident per brand × fingerprint; a repeat adds its new evidence to evidenceCount),
 * raises `sentinel.triggered` when an incident opens, and moves incidents through
 * open → investigating → resolved (docs/metrics.md, "Sentinel").
 */
import type { Static } from 'typebox';
import type { Db, Executor } from '../../db/client.js';
import {
  INCIDENT_SEVERITIES,
  type IncidentEvidence,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentType,
} from '../../db/schema/intelligence.js';
import { conflict, notFound } from '../../lib/errors.js';
import { viewOf } from '../../lib/views.js';
import { isUuid } from '../../lib/uuid.js';
import { toV1Id, type PlatformId } from '../../platforms/index.js';
import type { BrandRow } from '../brands/brands.service.js';
import type { EventSink } from '../events/event-sink.js';
import { addCounts, sumCounts, ZERO_COUNTS, type AnswerCounts } from '../metrics/counts.js';
import type { RollupsService } from '../metrics/rollups.service.js';
import { addDays, dayWindow } from '../metrics/window.js';
import { BASELINE_DAYS, detectNegativeSpike, detectRankCollapse, RECENT_DAYS, type Detection } from './detectors.js';
import { accountLabel, accountOfUrl, accountsInText, impersonatorOf, officialHandles, SOCIAL_DOMAINS, SOCIAL_HOST_PATTERN, type AccountRef } from './social-accounts.js';
import { brandIdentity, LOOKALIKE_SEVERITY, lookalikeOf, type BrandIdentity } from './lookalike.js';
import * as repo from './sentinel.repo.js';
import type { IncidentSchema } from './sentinel.schemas.js';

export const EVIDENCE_KEPT = 50;
/** Cited domains and named accounts are checked over the last 7 days. */
export const IMPERSONATION_DAYS = 7;

const severityRank = (s: IncidentSeverity) => INCIDENT_SEVERITIES.indexOf(s);

/** Allowed moves: forward only; resolved is final (a new detection opens a new incident). */
const NEXT: Record<IncidentStatus, readonly IncidentStatus[]> = {
  open: ['investigating', 'resolved'],
  investigating: ['resolved'],
  resolved: [],
};

export type IncidentView = Static<typeof IncidentSchema>;

export function toIncidentView(row: repo.IncidentRow): IncidentView {
  return viewOf(row, [
    'id', 'brandId', 'severity', 'type', 'title', 'openedAt', 'status', 'evidenceCount', 'updatedAt', 'resolvedAt', 'evidence', 'detail',
  ]);
}

interface Found extends Detection {
  evidence: IncidentEvidence[];
}

export function createSentinelService(deps: { db: Db; rollups: RollupsService; events: EventSink; now: () => number }) {
  const { db, rollups, events, now } = deps;

  /** Recent-vs-baseline counts, overall and per platform, from the rollups. */
  async function windows(brandId: string) {
    const recent = dayWindow(RECENT_DAYS, now());
    const from = addDays(recent.from, -BASELINE_DAYS);
    const rows = await rollups.countsByDayPlatform(brandId, from);
    const perPlatform = new Map<string, { recent: AnswerCounts; baseline: AnswerCounts }>();
    for (const r of rows) {
      const entry = perPlatform.get(r.platform) ?? { recent: { ...ZERO_COUNTS }, baseline: { ...ZERO_COUNTS } };
      if (r.day >= recent.from) entry.recent = addCounts(entry.recent, r.counts);
      else entry.baseline = addCounts(entry.baseline, r.counts);
      perPlatform.set(r.platform, entry);
    }
    const all = [...perPlatform.values()];
    return {
      since: recent.since,
      recent: sumCounts(all.map((e) => e.recent)),
      baseline: sumCounts(all.map((e) => e.baseline)),
      perPlatform,
    };
  }

  /**
   * Social accounts imitating the brand, from profile URLs the answers cited and accounts their
   * texts name (URLs without a scheme, bare @handles). Evidence is the answer, so one answer
   * that both cites and names an account counts once.
   */
  async function lookalikeAccounts(brand: BrandRow, identity: BrandIdentity): Promise<Found[]> {
    const since = new Date(now() - IMPERSONATION_DAYS * 86_400_000);
    const [cited, texts] = await Promise.all([
      repo.citedUrlsOn(db, brand.id, since, SOCIAL_DOMAINS),
      repo.answersNamingAccounts(db, brand.id, since, SOCIAL_HOST_PATTERN),
    ]);
    const official = officialHandles(brand.officialAccounts);
    const byAccount = new Map<string, Found>();
    const consider = (account: AccountRef | null, evidence: IncidentEvidence) => {
      const hit = account && impersonatorOf(account, identity, official);
      if (!hit) return;
      const name = accountLabel(hit);
      const entry = byAccount.get(name) ?? {
        type: 'impersonation' as const,
        fingerprint: `impersonation:account:${name}`,
        severity: LOOKALIKE_SEVERITY[hit.kind],
        title: `Lookalike account ${hit.platform ? `${hit.handle} on ${hit.platform}` : `@${hit.handle}`} (${hit.kind} of ${hit.imitates}) in answers`,
        detail: { account: name, platform: hit.platform, handle: hit.handle, kind: hit.kind, imitates: hit.imitates },
        evidence: [],
      };
      if (!entry.evidence.some((e) => e.key === evidence.key)) entry.evidence.push(evidence);
      byAccount.set(name, entry);
    };
    for (const c of cited) consider(accountOfUrl(c.key), { key: `answer:${c.answerId}`, kind: 'citation', detail: `${c.platform}: ${c.url}`.slice(0, 200), at: c.at });
    for (const a of texts) {
      for (const account of accountsInText(a.text)) {
        consider(account, { key: `answer:${a.id}`, kind: 'answer', detail: `${a.platform}: names ${accountLabel(account)}`.slice(0, 200), at: a.at });
      }
    }
    return [...byAccount.values()];
  }

  async function detect(brand: BrandRow): Promise<Found[]> {
    const w = await windows(brand.id);
    const found: Found[] = [];
    const spike = detectNegativeSpike(w.recent, w.baseline);
    if (spike) {
      const answers = await repo.evidenceAnswers(db, brand.id, w.since, { kind: 'negative' });
      found.push({ ...spike, evidence: answers.map((a) => ({ key: `answer:${a.id}`, kind: 'answer', detail: `${a.platform}: ${a.prompt}`.slice(0, 200), at: a.createdAt })) });
    }
    for (const [platform, c] of [...w.perPlatform].sort(([a], [b]) => a.localeCompare(b))) {
      const collapse = detectRankCollapse(toV1Id(platform as PlatformId), c.recent, c.baseline);
      if (!collapse) continue;
      const answers = await repo.evidenceAnswers(db, brand.id, w.since, { kind: 'missed', platform });
      found.push({ ...collapse, evidence: answers.map((a) => ({ key: `answer:${a.id}`, kind: 'answer', detail: `${a.platform}: ${a.prompt}`.slice(0, 200), at: a.createdAt })) });
    }
    const identity = brandIdentity(brand);
    if (identity.labels.length > 0) {
      const cited = await repo.citedDomains(db, brand.id, new Date(now() - IMPERSONATION_DAYS * 86_400_000));
      const byDomain = new Map<string, Found>();
      for (const c of cited) {
        const hit = lookalikeOf(c.domain, identity);
        if (!hit) continue;
        const entry = byDomain.get(hit.domain) ?? {
          type: 'impersonation' as const,
          fingerprint: `impersonation:${hit.domain}`,
          severity: LOOKALIKE_SEVERITY[hit.kind],
          title: `Lookalike domain ${hit.domain} (${hit.kind.replace('_', ' ')} of ${hit.imitates}) cited in answers`,
          detail: { domain: hit.domain, kind: hit.kind, imitates: hit.imitates },
          evidence: [],
        };
        entry.evidence.push({ key: `citation:${c.key}`, kind: 'citation', detail: c.url, at: c.at });
        byDomain.set(hit.domain, entry);
      }
      found.push(...byDomain.values());
      found.push(...(await lookalikeAccounts(brand, identity)));
    }
    // Rollup-only windows (no stored answer to point at) still carry one piece of evidence.
    for (const f of found) {
      if (f.evidence.length === 0) f.evidence.push({ key: `window:${f.fingerprint}:${dayWindow(1, now()).from}`, kind: 'window', detail: f.title, at: new Date(now()).toISOString() });
    }
    return found;
  }

  /** Opens or updates one incident in `tx`; returns the incident when it was newly opened. */
  async function record(tx: Executor, brand: BrandRow, f: Found): Promise<repo.IncidentRow | null> {
    const at = new Date(now());
    const existing = await repo.findUnresolvedForUpdate(tx, brand.id, f.fingerprint);
    if (!existing) {
      const opened = await repo.insertIncident(tx, {
        accountId: brand.accountId,
        brandId: brand.id,
        type: f.type,
        severity: f.severity,
        severityRank: severityRank(f.severity),
        title: f.title,
        fingerprint: f.fingerprint,
        evidence: f.evidence.slice(0, EVIDENCE_KEPT),
        detail: f.detail,
        at,
      });
      if (opened) {
        await events.emit(tx, {
          event: 'sentinel.triggered',
          accountId: brand.accountId,
          brandId: brand.id,
          data: { incidentId: opened.id, severity: opened.severity, type: opened.type, title: opened.title, openedAt: opened.openedAt.toISOString() },
          occurredAt: at,
        });
        return opened;
      }
      return record(tx, brand, f); // lost a race with another detector: update theirs
    }
    const known = new Set(existing.evidence.map((e) => e.key));
    const fresh = f.evidence.filter((e) => !known.has(e.key));
    // Severity only escalates: a quieter repeat does not downgrade an incident someone is handling.
    const severity = severityRank(f.severity) > existing.severityRank ? f.severity : existing.severity;
    await repo.updateDetection(tx, existing.id, {
      severity,
      severityRank: severityRank(severity),
      title: f.title,
      evidence: [...fresh, ...existing.evidence].slice(0, EVIDENCE_KEPT),
      evidenceCount: existing.evidenceCount + fresh.length,
      detail: f.detail,
      at,
    });
    return null;
  }

  return {
    /** Runs every detector for the brand; returns the incidents opened by this pass. */
    async runDetectors(brand: BrandRow): Promise<IncidentView[]> {
      const found = await detect(brand);
      if (found.length === 0) return [];
      const opened = await db.transaction(async (tx) => {
        const out: repo.IncidentRow[] = [];
        for (const f of found) {
          const row = await record(tx, brand, f);
          if (row) out.push(row);
        }
        return out;
      });
      return opened.map(toIncidentView);
    },

    /** Unclosed incidents by default, highest severity first, newest first within a severity. */
    async list(brandId: string, filter: { severity?: IncidentSeverity | undefined; status?: IncidentStatus | undefined; limit?: number }) {
      const statuses: IncidentStatus[] = filter.status ? [filter.status] : ['open', 'investigating'];
      const rows = await repo.listIncidents(db, brandId, { statuses, severity: filter.severity, limit: filter.limit ?? 200 });
      return rows.map(toIncidentView);
    },

    /** Every incident of the brand (any status), for the crisis view. */
    async history(brandId: string, filter: { since?: Date; types?: readonly IncidentType[] } = {}) {
      const rows = await repo.listIncidents(db, brandId, { statuses: ['open', 'investigating', 'resolved'], limit: 200, ...filter });
      return rows.map(toIncidentView);
    },

    async setStatus(accountId: string, id: string, status: IncidentStatus): Promise<IncidentView> {
      const row = isUuid(id) ? await repo.findIncident(db, accountId, id) : undefined;
      if (!row) throw notFound('Incident');
      if (row.status === status) return toIncidentView(row); // idempotent repeat
      if (!NEXT[row.status].includes(status)) {
        throw conflict(`An incident that is ${row.status} cannot move to ${status}; allowed: open → investigating → resolved (or open → resolved).`);
      }
      const moved = await repo.setStatus(db, id, row.status, status, new Date(now()));
      if (!moved) throw conflict('The incident changed while this request was made; read it again and retry.');
      return toIncidentView(moved);
    },
  };
}

export type SentinelService = ReturnType<typeof createSentinelService>;
