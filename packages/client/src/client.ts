/**
 * `createSightline({ baseUrl, apiKey })`: every v1 operation as a typed method, the legacy
 * surface (free check, full query, AEO rewrite, dashboard data) and `probes.waitFor`. Generated
 * types and openapi-fetch do the typing and serialising; this file adds only names and rules.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/v1.js';
import { errorFromBody, type SightlineError } from './errors.js';
import { createTransport, type RetryOptions } from './retry.js';
import { DEFAULT_POLLING, PollingTiers, type PollingPolicy } from './polling.js';
import { waitForRun, type WaitForOptions } from './wait-for.js';
import { createLegacy } from './legacy.js';

export interface SightlineOptions {
  /** Where Sightline runs, e.g. `https://sightline.example.com` (default: the page's origin in a browser). */
  baseUrl?: string;
  /** A v1 key (`sk_live_…`/`sk_test_…`) for v1 calls; a legacy `service_…` key for the legacy surface. Omit in the dashboard (cookie). */
  apiKey?: string;
  /** Retries and back-off (see retry.ts). */
  retry?: RetryOptions;
  /** Polling tiers for `probes.waitFor` (default 1 s → 5 s → 30 s → 2 min; 3 × 429 → slower, 5 successes → faster). */
  polling?: Partial<PollingPolicy>;
  /** Another fetch (tests, a server calling itself in-process). */
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** POSTs: the Idempotency-Key to send (default: a fresh UUID per call, reused across its retries). */
  idempotencyKey?: string;
}

type Op<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];
type Ok<P extends keyof paths, M extends keyof paths[P]> = Op<P, M> extends { responses: infer R }
  ? R extends { 200: { content: { 'application/json': infer T } } }
    ? T
    : R extends { 201: { content: { 'application/json': infer T } } }
      ? T
      : R extends { 202: { content: { 'application/json': infer T } } }
        ? T
        : never
  : never;
type Body<P extends keyof paths, M extends keyof paths[P]> = Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Query<P extends keyof paths, M extends keyof paths[P]> = Op<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
/** Query parameters the server defaults (days, limit) are optional here even where the document lists them required. */
type Loose<Q, K extends PropertyKey> = Omit<Q, K & keyof Q> & Partial<Pick<Q, K & keyof Q>>;

export type Brand = Ok<'/api/v1/brands/{id}', 'get'>;
export type ProbeRun = Ok<'/api/v1/probes/{id}', 'get'>;
export type ProbeTrigger = Ok<'/api/v1/probes', 'post'>;

function browserOrigin(): string | undefined {
  const location = (globalThis as { location?: { origin?: string } }).location;
  return location?.origin;
}

export function createSightline(options: SightlineOptions = {}) {
  const baseUrl = (options.baseUrl ?? browserOrigin() ?? '').replace(/\/+$/, '');
  if (!baseUrl) throw new TypeError('createSightline: pass baseUrl, e.g. createSightline({ baseUrl: "http://localhost:3000", apiKey })');
  const transport = createTransport({ apiKey: options.apiKey, fetch: options.fetch, retry: options.retry, headers: options.headers });
  const api = createClient<paths>({ baseUrl, fetch: transport });
  const tiers = new PollingTiers({ ...DEFAULT_POLLING, ...options.polling });

  /** The data of a 2xx answer, or the typed exception for anything else. */
  async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    const { data, error, response } = await call;
    if (!response.ok) throw errorFromBody(response, error) as SightlineError;
    return data as T;
  }
  const post = (o: CallOptions = {}) => ({
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.idempotencyKey ? { headers: { 'idempotency-key': o.idempotencyKey } } : {}),
  });
  const get = (o: CallOptions = {}) => (o.signal ? { signal: o.signal } : {});

  const probes = {
    run: (body: Body<'/api/v1/probes', 'post'>, o?: CallOptions) => unwrap<ProbeTrigger>(api.POST('/api/v1/probes', { body, ...post(o) })),
    get: (runId: string, o?: CallOptions) => unwrap<ProbeRun>(api.GET('/api/v1/probes/{id}', { params: { path: { id: runId } }, ...get(o) })),
    /** Polls until the run is completed, partial or failed; see wait-for.ts for the tiers. */
    waitFor: (runId: string, o: WaitForOptions = {}) => waitForRun({ api, tiers, runId, options: o }),
  };

  return {
    baseUrl,
    /** The openapi-fetch client underneath, for operations this layer does not name. */
    raw: api,
    health: (o?: CallOptions) => unwrap<Ok<'/api/v1/health', 'get'>>(api.GET('/api/v1/health', get(o))),
    brands: {
      list: (o?: CallOptions) => unwrap<Ok<'/api/v1/brands', 'get'>>(api.GET('/api/v1/brands', get(o))),
      get: (brandId: string, o?: CallOptions) => unwrap<Brand>(api.GET('/api/v1/brands/{id}', { params: { path: { id: brandId } }, ...get(o) })),
      create: (body: Body<'/api/v1/brands', 'post'>, o?: CallOptions) => unwrap<Ok<'/api/v1/brands', 'post'>>(api.POST('/api/v1/brands', { body, ...post(o) })),
    },
    probes,
    citations: (query: Loose<Query<'/api/v1/citations', 'get'>, 'days'>, o?: CallOptions) =>
      unwrap<Ok<'/api/v1/citations', 'get'>>(api.GET('/api/v1/citations', { params: { query: query as Query<'/api/v1/citations', 'get'> }, ...get(o) })),
    authority: (brandId: string, o?: CallOptions) => unwrap<Ok<'/api/v1/authority', 'get'>>(api.GET('/api/v1/authority', { params: { query: { brandId } }, ...get(o) })),
    picker: (query: Loose<Query<'/api/v1/picker', 'get'>, 'limit'>, o?: CallOptions) =>
      unwrap<Ok<'/api/v1/picker', 'get'>>(api.GET('/api/v1/picker', { params: { query: query as Query<'/api/v1/picker', 'get'> }, ...get(o) })),
    visibility: (query: Loose<Query<'/api/v1/visibility', 'get'>, 'days'>, o?: CallOptions) =>
      unwrap<Ok<'/api/v1/visibility', 'get'>>(api.GET('/api/v1/visibility', { params: { query: query as Query<'/api/v1/visibility', 'get'> }, ...get(o) })),
    competitors: (query: Loose<Query<'/api/v1/competitors', 'get'>, 'days'>, o?: CallOptions) =>
      unwrap<Ok<'/api/v1/competitors', 'get'>>(api.GET('/api/v1/competitors', { params: { query: query as Query<'/api/v1/competitors', 'get'> }, ...get(o) })),
    sentinel: {
      incidents: (query: Query<'/api/v1/sentinel/incidents', 'get'>, o?: CallOptions) =>
        unwrap<Ok<'/api/v1/sentinel/incidents', 'get'>>(api.GET('/api/v1/sentinel/incidents', { params: { query }, ...get(o) })),
      setStatus: (incidentId: string, status: Body<'/api/v1/sentinel/incidents/{id}', 'patch'>['status'], o?: CallOptions) =>
        unwrap<Ok<'/api/v1/sentinel/incidents/{id}', 'patch'>>(api.PATCH('/api/v1/sentinel/incidents/{id}', { params: { path: { id: incidentId } }, body: { status }, ...get(o) })),
    },
    suggest: {
      create: (body: Body<'/api/v1/suggest', 'post'>, o?: CallOptions) => unwrap<Ok<'/api/v1/suggest', 'post'>>(api.POST('/api/v1/suggest', { body, ...post(o) })),
      apply: (suggestionId: string, o?: CallOptions) =>
        unwrap<Ok<'/api/v1/suggest/{id}/apply', 'post'>>(api.POST('/api/v1/suggest/{id}/apply', { params: { path: { id: suggestionId } }, ...post(o) })),
    },
    promptPacks: {
      list: (o?: CallOptions) => unwrap<Ok<'/api/v1/prompt-packs', 'get'>>(api.GET('/api/v1/prompt-packs', get(o))),
      get: (packId: string, o?: CallOptions) => unwrap<Ok<'/api/v1/prompt-packs/{id}', 'get'>>(api.GET('/api/v1/prompt-packs/{id}', { params: { path: { id: packId } }, ...get(o) })),
      create: (body: Body<'/api/v1/prompt-packs', 'post'>, o?: CallOptions) => unwrap<Ok<'/api/v1/prompt-packs', 'post'>>(api.POST('/api/v1/prompt-packs', { body, ...post(o) })),
      bind: (packId: string, o?: CallOptions) =>
        unwrap<Ok<'/api/v1/prompt-packs/{id}/bind', 'post'>>(api.POST('/api/v1/prompt-packs/{id}/bind', { params: { path: { id: packId } }, ...post(o) })),
    },
    webhooks: {
      list: (o?: CallOptions) => unwrap<Ok<'/api/v1/webhooks', 'get'>>(api.GET('/api/v1/webhooks', get(o))),
      create: (body: Body<'/api/v1/webhooks', 'post'>, o?: CallOptions) => unwrap<Ok<'/api/v1/webhooks', 'post'>>(api.POST('/api/v1/webhooks', { body, ...post(o) })),
      delete: (webhookId: string, o?: CallOptions) => unwrap<unknown>(api.DELETE('/api/v1/webhooks/{id}', { params: { path: { id: webhookId } }, ...get(o) })).then(() => undefined),
    },
    legacy: createLegacy(baseUrl, transport),
  };
}

export type Sightline = ReturnType<typeof createSightline>;
