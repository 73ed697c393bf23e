/**
 * Every server path the dashboard calls, in one place. The dashboard uses only cookie-session
 * endpoints: v1 routes take API keys only (a cookie there answers 401), so brands, probes,
 * citations, authority and suggestions go through the dashboard (legacy-surface) routes below.
 * A view whose endpoint answers 404 (an older server) shows "not available on this server yet",
 * never made-up numbers.
 */
import { api } from './client.js';
import type {
  AccountAlert,
  AlertState,
  AeoRewrite,
  ApiKey,
  Authority,
  Brand,
  BrandDetail,
  Citation,
  CreatedKey,
  AcceptedInvite,
  CreatedInvite,
  InvitePreview,
  TeamInvite,
  TeamMember,
  TeamRole,
  ProbeStatus,
  ProbeTrigger,
  Suggestion,
} from './types.js';

export interface Throttle {
  platform: string;
  level: number;
  cadence: string;
  intervalHours: number;
  reason: string;
  since: string;
}

export interface BrandInput {
  name: string;
  category: string;
  website?: string | null;
  aliases?: string[];
  competitors?: string[];
}

type Q = { brand_id: string; days?: number; prompts?: 'all' | 'unbranded' | 'branded' };

export const endpoints = {
  // The team (session cookie): members and roles, invitations, accepting one.
  members: (signal?: AbortSignal) => api<{ data: TeamMember[] }>('/api/team/members', signal ? { signal } : {}),
  changeRole: (userId: string, role: TeamRole) => api<TeamMember>(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } }),
  removeMember: (userId: string) => api<void>(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  invites: (signal?: AbortSignal) => api<{ data: TeamInvite[] }>('/api/team/invites', signal ? { signal } : {}),
  invite: (body: { email: string; role: TeamRole }) => api<CreatedInvite>('/api/team/invites', { method: 'POST', body }),
  withdrawInvite: (id: string) => api<void>(`/api/team/invites/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  previewInvite: (token: string) => api<InvitePreview>('/api/team/invites/preview', { method: 'POST', body: { token }, public: true }),
  acceptInvite: (body: { token: string; password?: string }) => api<AcceptedInvite>('/api/team/invites/accept', { method: 'POST', body, public: true }),

  // The account's alerts (every role reads them; members and above acknowledge one for the team).
  alerts: (query: { state: AlertState; brandId?: string | undefined }, signal?: AbortSignal) =>
    api<{ data: AccountAlert[] }>('/api/alerts', { query, ...(signal ? { signal } : {}) }),
  acknowledgeAlert: (id: string) => api<AccountAlert>(`/api/alerts/${encodeURIComponent(id)}/acknowledge`, { method: 'POST' }),

  // Brands and probes: the dashboard twins of /api/v1/brands and /api/v1/probes (same bodies and answers).
  brands: (signal?: AbortSignal) => api<{ brands: Brand[] }>('/api/brands', signal ? { signal } : {}),
  createBrand: (body: BrandInput) => api<{ brand: Brand }>('/api/brands', { method: 'POST', body }),
  brand: (id: string, signal?: AbortSignal) => api<BrandDetail>(`/api/brands/${encodeURIComponent(id)}`, signal ? { signal } : {}),
  updateBrand: (id: string, body: Record<string, unknown>) => api<{ brand: Brand; aliasSuggestions: { brand: string[] } }>(`/api/brands/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  deleteBrand: (id: string) => api<void>(`/api/brands/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  brandPrompts: (id: string, signal?: AbortSignal) => api<BrandPromptList>(`/api/brands/${encodeURIComponent(id)}/prompts`, signal ? { signal } : {}),
  addPrompt: (id: string, body: { text: string; stage?: string; intent?: string }) => api<BrandPrompt>(`/api/brands/${encodeURIComponent(id)}/prompts`, { method: 'POST', body }),
  editPrompt: (id: string, promptId: string, body: Record<string, unknown>) =>
    api<BrandPrompt>(`/api/brands/${encodeURIComponent(id)}/prompts/${encodeURIComponent(promptId)}`, { method: 'PATCH', body }),
  importPrompts: (id: string, csv: string) => api<{ added: BrandPrompt[]; skipped: { line: number; text: string }[] }>(`/api/brands/${encodeURIComponent(id)}/prompts/import`, { method: 'POST', body: { csv } }),
  runProbe: (brandId: string) => api<ProbeTrigger>('/api/probes', { method: 'POST', body: { brandId } }),
  probe: (runId: string) => api<ProbeStatus>(`/api/probes/${encodeURIComponent(runId)}`),

  // Dashboard data (issue 5), cookie or legacy key.
  timeseries: (q: Q, signal?: AbortSignal) => api<RowsOf<TimeseriesRow>>('/api/dashboard/visibility/timeseries', { query: q, ...(signal ? { signal } : {}) }),
  competitors: (q: Q, signal?: AbortSignal) => api<RowsOf<PlatformRow>>('/api/dashboard/competitors/breakdown', { query: q, ...(signal ? { signal } : {}) }),
  prompts: (q: Q, signal?: AbortSignal) => api<RowsOf<PromptRow>>('/api/dashboard/prompts/breakdown', { query: q, ...(signal ? { signal } : {}) }),
  aida: (q: Q, signal?: AbortSignal) => api<RowsOf<StageRow>>('/api/dashboard/prompts/aida', { query: q, ...(signal ? { signal } : {}) }),
  headline: (q: Q, signal?: AbortSignal) => api<Headline>('/api/dashboard/headline', { query: { brand_id: q.brand_id, days: q.days }, ...(signal ? { signal } : {}) }),
  definitions: (signal?: AbortSignal) => api<{ definitions: MetricDefinition[] }>('/api/metrics/definitions', signal ? { signal } : {}),
  sentiment: (q: Q, signal?: AbortSignal) => api<SentimentOverview>('/api/sentiment/overview', { query: q, ...(signal ? { signal } : {}) }),
  incidents: (brandId: string, signal?: AbortSignal) => api<RowsOf<IncidentRow>>('/api/crisis/incidents', { query: { brand_id: brandId }, ...(signal ? { signal } : {}) }),
  // The dashboard twins of /api/v1/citations and /api/v1/authority (same answers).
  citations: (brandId: string, days: number, signal?: AbortSignal) =>
    api<{ citations: Citation[]; total: number; windowDays: number }>('/api/citations', { query: { brandId, days }, ...(signal ? { signal } : {}) }),
  authority: (brandId: string, signal?: AbortSignal) => api<Authority & { history?: { scoredAt: string; geoScore: number }[] }>('/api/authority', { query: { brandId }, ...(signal ? { signal } : {}) }),

  // Platforms monitored at a slower cadence after repeated 429s (GET /api/monitoring/throttles).
  throttles: (signal?: AbortSignal) => api<{ throttles: Throttle[] }>('/api/monitoring/throttles', signal ? { signal } : {}),
  // The plan: tier, quotas used and left, the next tier (GET /api/plan).
  plan: (signal?: AbortSignal) => api<Plan>('/api/plan', signal ? { signal } : {}),
  competitorCandidates: (id: string, signal?: AbortSignal) =>
    api<CompetitorCandidates>(`/api/brands/${encodeURIComponent(id)}/competitor-candidates`, signal ? { signal } : {}),

  // Keys (issue 3).
  keys: (signal?: AbortSignal) => api<{ data: ApiKey[] }>('/api/keys', signal ? { signal } : {}),
  createKey: (body: { type: 'legacy' | 'v1'; name?: string; scopes?: string[]; mode?: 'live' | 'test' }) => api<CreatedKey>('/api/keys', { method: 'POST', body }),
  revokeKey: (id: string) => api<void>(`/api/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),

  // Content tools (issue 5). /api/suggest is the dashboard twin of POST /api/v1/suggest.
  aeoRewrite: (body: { text: string; brand: string; audience?: string }) => api<AeoRewrite>('/api/aeo/rewrite', { method: 'POST', body }),
  suggest: (body: { brandId: string; content: string; intent?: string }) => api<Suggestion>('/api/suggest', { method: 'POST', body }),
};

export interface Quota {
  limit: number;
  used: number;
  left: number;
  resetsAt: string | null;
}
export type TierName = 'free' | 'starter' | 'growth' | 'scale' | 'enterprise';
export interface TierOffer {
  tier: TierName;
  brands: number;
  checksPerDay: number;
  queriesPerDay: number;
  rewritesPerDay: number;
  apiPerHour: number;
  apiPerDay: number;
  apiPerMinute: number;
}
export interface Plan {
  tier: TierName;
  custom: boolean;
  quotas: Record<'brands' | 'checksPerDay' | 'queriesPerDay' | 'rewritesPerDay' | 'apiPerMinute' | 'apiPerHour' | 'apiPerDay', Quota | null>;
  fixed: { webhooksPerBrand: number; anonymousChecksPerDay: number; legacyKeyPerMinute: { query: number; aeoRewrite: number; dashboard: number } };
  current: TierOffer;
  next: TierOffer | null;
  tiers: TierOffer[];
  month: { periodStart: string; periodEnd: string; totalCostUsd: number; items: { kind: string; quantity: number; costUsd: number }[] };
}
export interface CompetitorCandidates {
  brandId: string;
  days: number;
  answersRead: number;
  candidates: { name: string; answers: number; share: number; aliasSuggestions: string[] }[];
  aliasCandidates?: { name: string; of: string; answers: number; share: number }[];
}

export interface BrandPrompt {
  id: string;
  text: string;
  locale: string;
  stage: string;
  intent: string;
  enabled: boolean;
  branded: boolean;
  names: string[];
}
export interface BrandPromptList {
  counts: { total: number; enabled: number; branded: number };
  prompts: BrandPrompt[];
}

/** One headline figure (docs/metrics.md, "Headline figures"). */
export interface Estimate {
  value: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  n: number;
}
export interface Figure extends Estimate {
  previous: Estimate;
  change: number | null;
  significant: boolean;
  direction: 'up' | 'down' | 'flat' | null;
}
export interface Headline {
  brandId: string;
  days: number;
  from: string;
  to: string;
  visibility: Figure;
  brandedVisibility: Figure;
  shareOfVoice: Figure;
  averagePosition: Figure & { distribution: { bucket: string; count: number; share: number | null }[] };
  netSentiment: Figure;
  answers: { unbranded: number; branded: number };
  /** Competitors configured now (0: no share of voice). */
  competitors?: number;
  trend: { daysWithAnswers: number; daysNeeded: number; moreDaysNeeded: number };
  /** Analysis engine version(s) that read the window's answers, newest first (docs/metrics.md). */
  engineVersions: EngineVersionCount[];
}
export interface EngineVersionCount {
  version: string;
  answers: number;
}
export interface MetricDefinition {
  id: string;
  name: { en: string; 'zh-CN': string };
  help: { en: string; 'zh-CN': string };
  formula: string;
}

export interface RowsOf<Row> {
  brandId: string;
  days?: number;
  rows: Row[];
}
export interface TimeseriesRow {
  day: string;
  answers: number;
  mentions: number;
  visibility: number | null;
  visibilityCiLow: number | null;
  visibilityCiHigh: number | null;
  /** Runs that finished that day (absent from older servers). */
  runs?: number;
}
export interface PlatformRow {
  platform: string;
  platformName: string;
  name: string;
  isBrand: boolean;
  answers: number;
  mentions: number;
  mentionRate: number | null;
  mentionRateCiLow: number | null;
  mentionRateCiHigh: number | null;
  shareOfVoice: number | null;
  avgRank: number | null;
}
export interface PromptRow {
  promptHash: string;
  prompt: string;
  stage: string;
  answers: number;
  mentions: number;
  hitRate: number | null;
  hitRateCiLow: number | null;
  hitRateCiHigh: number | null;
  avgRank: number | null;
}
export interface StageRow {
  stage: string;
  answers: number;
  mentions: number;
  visibility: number | null;
  visibilityCiLow: number | null;
  visibilityCiHigh: number | null;
}
export interface SentimentOverview {
  totals: { mentions: number; positives: number; neutrals: number; negatives: number };
  alerts: { source: string; severity: string; title: string; openedAt: string | null }[];
  rows: { day: string; mentions: number; positives: number; neutrals: number; negatives: number }[];
}
export interface IncidentRow {
  id: string;
  type: string;
  severity: string;
  status: string;
  title: string;
  evidenceCount: number;
  openedAt: string;
}
