/**
 * The legacy surface the dashboard and older integrations use: the free check, the full query,
 * the AEO rewrite and the dashboard data (JSON, or the same rows as CSV). It takes a session
 * cookie (in the dashboard) or a legacy `service_…` key; v1 `sk_…` keys are refused there.
 * Types come from the legacy routes' own schemas (generated/legacy.ts).
 */
import type { components, paths } from './generated/legacy.js';
import { errorFromResponse } from './errors.js';
import type { CallOptions } from './client.js';

type S = components['schemas'];
export type FreeCheckBody = S['FreeCheckBody'];
export type FreeCheckResponse = S['FreeCheckResponse'];
export type QueryBody = S['QueryBody'];
export type QueryResponse = S['QueryResponse'];
export type AeoRewriteBody = S['AeoRewriteBody'];
export type AeoRewriteResponse = S['AeoRewriteResponse'];
/** The legacy routes by path and method (from their schemas): `LegacyPaths['/api/me']['get']`. */
export type LegacyPaths = paths;
/** The JSON a GET legacy route answers with (200). */
type Got<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer T } } } } } ? T : never;
export type DashboardTimeseries = Got<'/api/dashboard/visibility/timeseries'>;
export type DashboardCompetitors = Got<'/api/dashboard/competitors/breakdown'>;
export type DashboardPrompts = Got<'/api/dashboard/prompts/breakdown'>;
export type DashboardAida = Got<'/api/dashboard/prompts/aida'>;
export type BrandComparison = Got<'/api/brands/compare'>;
/** Any dashboard view: `rows` plus the view's own window facts and totals. */
export type DashboardData = DashboardTimeseries | DashboardCompetitors | DashboardPrompts | DashboardAida | BrandComparison;

export interface DashboardQuery {
  brand_id: string;
  /** UTC days ending today (default 30, maximum 90). */
  days?: number;
}

type View = 'visibility/timeseries' | 'competitors/breakdown' | 'prompts/breakdown' | 'prompts/aida';

export function createLegacy(baseUrl: string, transport: typeof fetch) {
  async function call<T>(method: 'GET' | 'POST', path: string, body: unknown, o: CallOptions & { accept?: string } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: o.accept ?? 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (o.idempotencyKey) headers['idempotency-key'] = o.idempotencyKey;
    const response = await transport(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
    });
    if (!response.ok) throw await errorFromResponse(response);
    return (o.accept === 'text/csv' ? response.text() : response.json()) as Promise<T>;
  }

  const qs = (params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
    return search.toString();
  };
  const view = <V extends View>(name: V) => ({
    json: (q: DashboardQuery, o?: CallOptions) => call<Got<`/api/dashboard/${V}`>>('GET', `/api/dashboard/${name}?${qs({ brand_id: q.brand_id, days: q.days })}`, undefined, o),
    csv: (q: DashboardQuery, o?: CallOptions) => call<string>('GET', `/api/dashboard/${name}?${qs({ brand_id: q.brand_id, days: q.days, format: 'csv' })}`, undefined, { ...o, accept: 'text/csv' }),
  });

  return {
    /** POST /api/check/run: no sign-in needed (5 per IP per day anonymously). */
    freeCheck: (body: FreeCheckBody, o?: CallOptions) => call<FreeCheckResponse>('POST', '/api/check/run', body, o),
    /** POST /api/query: the full query across up to 8 platforms (`mode: 'all'` for all 8). */
    query: (body: QueryBody, o?: CallOptions & { mode?: 'all' }) => call<QueryResponse>('POST', `/api/query${o?.mode ? `?${qs({ mode: o.mode })}` : ''}`, body, o),
    aeoRewrite: (body: AeoRewriteBody, o?: CallOptions) => call<AeoRewriteResponse>('POST', '/api/aeo/rewrite', body, o),
    dashboard: {
      timeseries: view('visibility/timeseries'),
      competitors: view('competitors/breakdown'),
      prompts: view('prompts/breakdown'),
      aida: view('prompts/aida'),
      compare: {
        json: (q: { days?: number } = {}, o?: CallOptions) => call<BrandComparison>('GET', `/api/brands/compare?${qs({ days: q.days })}`, undefined, o),
        csv: (q: { days?: number } = {}, o?: CallOptions) => call<string>('GET', `/api/brands/compare?${qs({ days: q.days, format: 'csv' })}`, undefined, { ...o, accept: 'text/csv' }),
      },
    },
  };
}

export type Legacy = ReturnType<typeof createLegacy>;
