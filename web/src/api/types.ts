/**
 * Response shapes the dashboard reads. Brands, probes, citations, authority and suggestions are
 * the types generated from the server's OpenAPI document (@sightline/client; the dashboard twins
 * of the v1 routes answer the same shapes), the free check and AEO rewrite those generated from
 * the legacy routes' schemas. The rest (identity, status, keys, incidents, webhooks) are
 * dashboard-only routes outside the v1 document, still written here.
 */
import type { V1Paths, FreeCheckResponse as GeneratedFreeCheck, AeoRewriteResponse } from '@sightline/client';

type Json<P extends keyof V1Paths, M extends 'get' | 'post'> = V1Paths[P] extends { [K in M]: { responses: infer R } }
  ? R extends { 200: { content: { 'application/json': infer T } } } ? T
  : R extends { 201: { content: { 'application/json': infer T } } } ? T
  : R extends { 202: { content: { 'application/json': infer T } } } ? T
  : never
  : never;

export type FreeCheckResponse = GeneratedFreeCheck;
export type FreeCheckSummary = FreeCheckResponse['summary'][number];
export type BrandDetail = Json<'/api/v1/brands/{id}', 'get'>;
export type Brand = BrandDetail['brand'];
export type ProbeTrigger = Json<'/api/v1/probes', 'post'>;
export type ProbeStatus = Json<'/api/v1/probes/{id}', 'get'>;
export type Suggestion = Json<'/api/v1/suggest', 'post'>;
export type Citation = Json<'/api/v1/citations', 'get'>['citations'][number];
export type Authority = Json<'/api/v1/authority', 'get'>;
export type AeoRewrite = AeoRewriteResponse;

export interface Profile {
  account: { id: string; tier: string; createdAt: string };
  user: { id: string; email: string; role: string };
  tier: string;
  role: string;
}
export interface SignedIn {
  account: { id: string; tier: string };
  user: { id: string; email: string; role: string };
}

export interface StatusReport {
  mode: 'simulate' | 'live';
  llms: { platforms: { platform: string; zh: string; ok: boolean; simulated: boolean }[] };
}

export interface ApiKey {
  id: string;
  name: string | null;
  type: 'legacy' | 'v1';
  mode: 'live' | 'test' | null;
  scopes: string[];
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}
export interface CreatedKey extends Omit<ApiKey, 'lastUsedAt'> {
  key: string;
}

export interface Incident {
  id: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  type: string;
  title: string;
  openedAt: string;
  status: string;
  evidenceCount: number;
}
export interface Webhook {
  id: string;
  name: string;
  url: string;
  events: string[];
  enabled: boolean;
  lastTriggeredAt: string | null;
  consecutiveFailures: number;
  lastError: string | null;
}
/** GET /api/alerts: a webhook failing for 24 h (and later kinds of account alert). */
export interface AccountAlert {
  id: string;
  webhookId: string;
  webhookName: string;
  brandId: string | null;
  kind: string;
  message: string;
  failingSince: string;
  createdAt: string;
  resolvedAt: string | null;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
}
/** `open`: not acknowledged yet. */
export type AlertState = 'open' | 'acknowledged' | 'all';
export interface CreatedWebhook extends Webhook {
  secret: string;
}
export interface Delivery {
  id: string;
  event: string;
  attempt: number;
  status: string;
  responseStatus: number | null;
  latencyMs: number | null;
  error: string | null;
  createdAt: string;
}

// The team operations are in the OpenAPI document too (session cookie), so their shapes are generated.
export type TeamMember = Json<'/api/team/members', 'get'>['data'][number];
export type TeamInvite = Json<'/api/team/invites', 'get'>['data'][number];
export type CreatedInvite = Json<'/api/team/invites', 'post'>;
export type InvitePreview = Json<'/api/team/invites/preview', 'post'>;
export type AcceptedInvite = Json<'/api/team/invites/accept', 'post'>;
export type TeamRole = TeamMember['role'];
