/**
 * Response shapes the dashboard reads. Identity, free check, status, brands and probes mirror the
 * server's TypeBox schemas (src/features/**); the intelligence and webhook shapes follow the spec
 * and the issues, and every view tolerates their absence (404 → "not available yet").
 */
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

export interface FreeCheckSummary {
  platform: string;
  total: number;
  mentions: number;
  positive: number;
  failed?: number;
}
export interface FreeCheckResponse {
  runId: string;
  simulated?: boolean;
  platforms: string[];
  summary: FreeCheckSummary[];
  rateLimitRemaining: number | null;
}

export interface Brand {
  id: string;
  name: string;
  category: string;
  website: string | null;
  aliases?: string[];
  competitors?: { name: string; aliases: string[] }[];
  createdAt: string;
}
export interface BrandDetail {
  brand: Brand;
  lastScan: {
    runId: string;
    completedAt: string;
    visibility: number;
    sampleSize?: number;
    visibilityCi?: number[];
    platforms: string[];
  } | null;
}
export interface ProbeTrigger {
  runId: string;
  status: string;
  estimatedCompletionMs: number;
  simulated?: boolean;
}
export interface ProbeStatus {
  runId: string;
  status: string;
  completedAt: string | null;
  progress?: { total: number; done: number; failed: number };
  visibility?: number;
  sampleSize?: number;
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

export interface AeoRewrite {
  headline: string;
  section_1_answer: string;
  section_2_evidence: string[];
  section_3_context: string;
  section_4_faq: { q: string; a: string }[];
  score_aviv: number;
  source: string;
  latency_ms: number;
  cost_usd: number;
  jsonld: string;
}
export interface Suggestion {
  suggestionId: string;
  rewritten: string;
  factClaims: { claim: string; verifiable: boolean }[];
  eeatSignals: string[];
  expectedLift: { metric: string; delta: number };
}

export interface Citation {
  id: string;
  platform: string;
  sourceUrl: string;
  sourceDomain: string;
  discoveredAt: string;
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
export interface Authority {
  scoredAt: string;
  geoScore: number;
  eeatScore: number;
  citationDensity: number;
  subscores: { experience: number; expertise: number; authoritativeness: number; trustworthiness: number };
  trend7d: number;
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
