/**
 * Every request and response shape the dashboard reads, derived from the types @sightline/client
 * generates from the server's own route schemas: the v1 document (`/api/v1/openapi.json`, which
 * also documents the team routes) and the legacy surface the dashboard calls (`/api/…`, session
 * cookie). Nothing here is written by hand: a server schema change shows up as a type error.
 * Where a view needs one part of an answer, it is taken by indexed access, never redeclared.
 */
import type { LegacyPaths, V1Paths } from '@sightline/client';

type Paths = V1Paths & LegacyPaths;
type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type Operation<P extends keyof Paths, M extends Method> = Paths[P] extends { [K in M]: infer O } ? O : never;
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/** The JSON `method path` answers with on success (200, 201 or 202). */
export type Json<P extends keyof Paths, M extends Method> = Operation<P, M> extends { responses: infer R }
  ? R extends { 200: infer A } ? JsonOf<A>
  : R extends { 201: infer A } ? JsonOf<A>
  : R extends { 202: infer A } ? JsonOf<A>
  : never
  : never;
/** The JSON body `method path` takes. */
export type Body<P extends keyof Paths, M extends Method> = Operation<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;
/** The query parameters `method path` takes. */
export type Query<P extends keyof Paths, M extends Method> = Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

// Identity and status.
export type Profile = Json<'/api/me', 'get'>;
export type SignedIn = Json<'/api/auth/login', 'post'>;
export type Credentials = Body<'/api/auth/login', 'post'>;
export type StatusReport = Json<'/api/status', 'get'>;
export type Meta = Json<'/api/meta', 'get'>;
export type AliasSuggestionList = Json<'/api/check/alias-suggestions', 'get'>;

// The free check and the content tools.
export type FreeCheckResponse = Json<'/api/check/run', 'post'>;
export type FreeCheckSummary = FreeCheckResponse['summary'][number];
export type AeoRewrite = Json<'/api/aeo/rewrite', 'post'>;
export type AeoRewriteInput = Body<'/api/aeo/rewrite', 'post'>;
export type Suggestion = Json<'/api/suggest', 'post'>;
export type SuggestInput = Body<'/api/suggest', 'post'>;

// Brands, their prompts, probes (the dashboard twins of the v1 routes).
export type BrandList = Json<'/api/brands', 'get'>;
export type BrandDetail = Json<'/api/brands/{id}', 'get'>;
export type Brand = BrandDetail['brand'];
export type BrandInput = Body<'/api/brands', 'post'>;
export type CreatedBrand = Json<'/api/brands', 'post'>;
export type BrandUpdate = Body<'/api/brands/{id}', 'patch'>;
export type UpdatedBrand = Json<'/api/brands/{id}', 'patch'>;
export type CompetitorCandidates = Json<'/api/brands/{id}/competitor-candidates', 'get'>;
export type BrandPromptList = Json<'/api/brands/{id}/prompts', 'get'>;
export type BrandPrompt = BrandPromptList['prompts'][number];
export type NewPrompt = Body<'/api/brands/{id}/prompts', 'post'>;
export type PromptUpdate = Body<'/api/brands/{id}/prompts/{promptId}', 'patch'>;
export type PromptImport = Json<'/api/brands/{id}/prompts/import', 'post'>;
export type ProbeTrigger = Json<'/api/probes', 'post'>;
export type ProbeStatus = Json<'/api/probes/{id}', 'get'>;
export type Citations = Json<'/api/citations', 'get'>;
export type Citation = Citations['citations'][number];
export type Authority = Json<'/api/authority', 'get'>;

// Dashboard data (JSON; the same rows as CSV).
/** The query every per-brand view takes (the headline takes brand_id and days only). */
export type ViewQuery = Query<'/api/dashboard/visibility/timeseries', 'get'>;
export type Timeseries = Json<'/api/dashboard/visibility/timeseries', 'get'>;
export type TimeseriesRow = Timeseries['rows'][number];
export type CompetitorBreakdown = Json<'/api/dashboard/competitors/breakdown', 'get'>;
export type PlatformRow = CompetitorBreakdown['rows'][number];
export type PromptBreakdown = Json<'/api/dashboard/prompts/breakdown', 'get'>;
export type PromptRow = PromptBreakdown['rows'][number];
export type AidaFunnel = Json<'/api/dashboard/prompts/aida', 'get'>;
export type StageRow = AidaFunnel['rows'][number];
export type Headline = Json<'/api/dashboard/headline', 'get'>;
export type Figure = Headline['visibility'];
export type MetricDefinitions = Json<'/api/metrics/definitions', 'get'>;
export type MetricDefinition = MetricDefinitions['definitions'][number];
export type SentimentOverview = Json<'/api/sentiment/overview', 'get'>;
export type CrisisIncidents = Json<'/api/crisis/incidents', 'get'>;
export type IncidentRow = CrisisIncidents['rows'][number];

// Monitoring and the plan.
export type Throttles = Json<'/api/monitoring/throttles', 'get'>;
export type Plan = Json<'/api/plan', 'get'>;
export type Quota = NonNullable<Plan['quotas']['brands']>;
export type TierOffer = Plan['current'];
export type TierName = Plan['tier'];

// Keys.
export type KeyList = Json<'/api/keys', 'get'>;
export type ApiKey = KeyList['data'][number];
export type KeyInput = Body<'/api/keys', 'post'>;
export type CreatedKey = Json<'/api/keys', 'post'>;

// Webhooks.
export type WebhookList = Json<'/api/webhooks', 'get'>;
export type Webhook = WebhookList['data'][number];
export type WebhookInput = Body<'/api/webhooks', 'post'>;
export type CreatedWebhook = Json<'/api/webhooks', 'post'>;
export type WebhookUpdate = Body<'/api/webhooks/{id}', 'patch'>;
export type WebhookTest = Json<'/api/webhooks/{id}/test', 'post'>;
export type DeliveryList = Json<'/api/webhooks/{id}/deliveries', 'get'>;
export type Delivery = DeliveryList['data'][number];

// Account alerts (a webhook failing for 24 h, and later kinds), until acknowledged.
export type AlertList = Json<'/api/alerts', 'get'>;
export type AccountAlert = AlertList['data'][number];
/** `open`: not acknowledged yet. */
export type AlertQuery = Query<'/api/alerts', 'get'>;
export type AlertState = NonNullable<AlertQuery['state']>;
export type AcknowledgedAlert = Json<'/api/alerts/{id}/acknowledge', 'post'>;

// The team operations are in the OpenAPI document (session cookie).
export type TeamMembers = Json<'/api/team/members', 'get'>;
export type TeamMember = TeamMembers['data'][number];
export type TeamInvites = Json<'/api/team/invites', 'get'>;
export type TeamInvite = TeamInvites['data'][number];
export type CreatedInvite = Json<'/api/team/invites', 'post'>;
export type InviteInput = Body<'/api/team/invites', 'post'>;
export type InvitePreview = Json<'/api/team/invites/preview', 'post'>;
export type AcceptedInvite = Json<'/api/team/invites/accept', 'post'>;
export type AcceptInput = Body<'/api/team/invites/accept', 'post'>;
export type TeamRole = TeamMember['role'];
