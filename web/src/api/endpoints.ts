/**
 * Every server path the dashboard calls, in one place. The dashboard uses only cookie-session
 * endpoints: v1 routes take API keys only (a cookie there answers 401), so brands, probes,
 * citations, authority and suggestions go through the dashboard (legacy-surface) routes below.
 * A view whose endpoint answers 404 (an older server) shows "not available on this server yet",
 * never made-up numbers.
 */
import { api } from './client.js';
import type {
  AcceptedInvite,
  AcknowledgedAlert,
  AlertList,
  AlertQuery,
  AcceptInput,
  AeoRewrite,
  AeoRewriteInput,
  AidaFunnel,
  Authority,
  BrandDetail,
  BrandInput,
  BrandList,
  BrandPrompt,
  BrandPromptList,
  BrandUpdate,
  Citations,
  CompetitorBreakdown,
  CompetitorCandidates,
  CreatedBrand,
  CreatedInvite,
  CreatedKey,
  CrisisIncidents,
  Headline,
  InviteInput,
  InvitePreview,
  KeyInput,
  KeyList,
  MetricDefinitions,
  NewPrompt,
  Plan,
  ProbeStatus,
  ProbeTrigger,
  PromptBreakdown,
  PromptImport,
  PromptUpdate,
  SentimentOverview,
  Suggestion,
  SuggestInput,
  TeamInvites,
  TeamMember,
  TeamMembers,
  TeamRole,
  Throttles,
  Timeseries,
  UpdatedBrand,
  ViewQuery,
} from './types.js';

type Q = Omit<ViewQuery, 'format'>;

export const endpoints = {
  // The team (session cookie): members and roles, invitations, accepting one.
  members: (signal?: AbortSignal) => api<TeamMembers>('/api/team/members', signal ? { signal } : {}),
  changeRole: (userId: string, role: TeamRole) => api<TeamMember>(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } }),
  removeMember: (userId: string) => api<void>(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  invites: (signal?: AbortSignal) => api<TeamInvites>('/api/team/invites', signal ? { signal } : {}),
  invite: (body: InviteInput) => api<CreatedInvite>('/api/team/invites', { method: 'POST', body }),
  withdrawInvite: (id: string) => api<void>(`/api/team/invites/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  previewInvite: (token: string) => api<InvitePreview>('/api/team/invites/preview', { method: 'POST', body: { token }, public: true }),
  acceptInvite: (body: AcceptInput) => api<AcceptedInvite>('/api/team/invites/accept', { method: 'POST', body, public: true }),

  // The account's alerts (every role reads them; members and above acknowledge one for the team).
  alerts: (query: AlertQuery, signal?: AbortSignal) => api<AlertList>('/api/alerts', { query, ...(signal ? { signal } : {}) }),
  acknowledgeAlert: (id: string) => api<AcknowledgedAlert>(`/api/alerts/${encodeURIComponent(id)}/acknowledge`, { method: 'POST' }),

  // Brands and probes: the dashboard twins of /api/v1/brands and /api/v1/probes (same bodies and answers).
  brands: (signal?: AbortSignal) => api<BrandList>('/api/brands', signal ? { signal } : {}),
  createBrand: (body: BrandInput) => api<CreatedBrand>('/api/brands', { method: 'POST', body }),
  brand: (id: string, signal?: AbortSignal) => api<BrandDetail>(`/api/brands/${encodeURIComponent(id)}`, signal ? { signal } : {}),
  updateBrand: (id: string, body: BrandUpdate) => api<UpdatedBrand>(`/api/brands/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  deleteBrand: (id: string) => api<void>(`/api/brands/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  brandPrompts: (id: string, signal?: AbortSignal) => api<BrandPromptList>(`/api/brands/${encodeURIComponent(id)}/prompts`, signal ? { signal } : {}),
  addPrompt: (id: string, body: NewPrompt) => api<BrandPrompt>(`/api/brands/${encodeURIComponent(id)}/prompts`, { method: 'POST', body }),
  editPrompt: (id: string, promptId: string, body: PromptUpdate) =>
    api<BrandPrompt>(`/api/brands/${encodeURIComponent(id)}/prompts/${encodeURIComponent(promptId)}`, { method: 'PATCH', body }),
  importPrompts: (id: string, csv: string) => api<PromptImport>(`/api/brands/${encodeURIComponent(id)}/prompts/import`, { method: 'POST', body: { csv } }),
  runProbe: (brandId: string) => api<ProbeTrigger>('/api/probes', { method: 'POST', body: { brandId } }),
  probe: (runId: string) => api<ProbeStatus>(`/api/probes/${encodeURIComponent(runId)}`),

  // Dashboard data (issue 5), cookie or legacy key.
  timeseries: (q: Q, signal?: AbortSignal) => api<Timeseries>('/api/dashboard/visibility/timeseries', { query: q, ...(signal ? { signal } : {}) }),
  competitors: (q: Q, signal?: AbortSignal) => api<CompetitorBreakdown>('/api/dashboard/competitors/breakdown', { query: q, ...(signal ? { signal } : {}) }),
  prompts: (q: Q, signal?: AbortSignal) => api<PromptBreakdown>('/api/dashboard/prompts/breakdown', { query: q, ...(signal ? { signal } : {}) }),
  aida: (q: Q, signal?: AbortSignal) => api<AidaFunnel>('/api/dashboard/prompts/aida', { query: q, ...(signal ? { signal } : {}) }),
  headline: (q: Q, signal?: AbortSignal) => api<Headline>('/api/dashboard/headline', { query: { brand_id: q.brand_id, days: q.days }, ...(signal ? { signal } : {}) }),
  definitions: (signal?: AbortSignal) => api<MetricDefinitions>('/api/metrics/definitions', signal ? { signal } : {}),
  sentiment: (q: Q, signal?: AbortSignal) => api<SentimentOverview>('/api/sentiment/overview', { query: q, ...(signal ? { signal } : {}) }),
  incidents: (brandId: string, signal?: AbortSignal) => api<CrisisIncidents>('/api/crisis/incidents', { query: { brand_id: brandId }, ...(signal ? { signal } : {}) }),
  // The dashboard twins of /api/v1/citations and /api/v1/authority (same answers).
  citations: (brandId: string, days: number, signal?: AbortSignal) =>
    api<Citations>('/api/citations', { query: { brandId, days }, ...(signal ? { signal } : {}) }),
  authority: (brandId: string, signal?: AbortSignal) => api<Authority>('/api/authority', { query: { brandId }, ...(signal ? { signal } : {}) }),

  // Platforms monitored at a slower cadence after repeated 429s (GET /api/monitoring/throttles).
  throttles: (signal?: AbortSignal) => api<Throttles>('/api/monitoring/throttles', signal ? { signal } : {}),
  // The plan: tier, quotas used and left, the next tier (GET /api/plan).
  plan: (signal?: AbortSignal) => api<Plan>('/api/plan', signal ? { signal } : {}),
  competitorCandidates: (id: string, signal?: AbortSignal) =>
    api<CompetitorCandidates>(`/api/brands/${encodeURIComponent(id)}/competitor-candidates`, signal ? { signal } : {}),

  // Keys (issue 3).
  keys: (signal?: AbortSignal) => api<KeyList>('/api/keys', signal ? { signal } : {}),
  createKey: (body: KeyInput) => api<CreatedKey>('/api/keys', { method: 'POST', body }),
  revokeKey: (id: string) => api<void>(`/api/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),

  // Content tools (issue 5). /api/suggest is the dashboard twin of POST /api/v1/suggest.
  aeoRewrite: (body: AeoRewriteInput) => api<AeoRewrite>('/api/aeo/rewrite', { method: 'POST', body }),
  suggest: (body: SuggestInput) => api<Suggestion>('/api/suggest', { method: 'POST', body }),
};
