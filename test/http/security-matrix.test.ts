/**
 * Every authenticated route × every way a credential can be wrong, with the status the spec and
 * issue 3 require (a new route joins with one line in ROUTES); and every route that knows its
 * caller × every team role, against the role matrix of docs/auth.md (ROLE_MATRIX: a new route
 * fails until it is classified there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/db/schema/identity.js';
import { hasRole } from '../../src/features/auth/principal.js';
import { accessOf } from '../../src/http/auth.js';
import { routesOf } from '../../src/http/route-table.js';
import { seedFailingAlert } from '../support/alerts.js';
import { fillPath, isApiRoute } from '../support/route-callers.js';
import { dbKinds } from '../support/db.js';
import {
  bearer,
  createIdentityContext,
  createKey,
  login,
  seedAccount,
  seedUser,
  type IdentityContext,
  type Seeded,
} from '../support/identity.js';
import { registerV1TestRoutes } from '../support/v1-test-routes.js';

type Surface = 'session' | 'legacy' | 'v1';
type Headers = Record<string, string>;

interface Fixtures {
  ctx: IdentityContext;
  owner: Seeded;
  other: Seeded;
  ownerCookie: string;
  memberCookie: string;
  viewerCookie: string;
  loggedOutCookie: string;
  legacyKey: string;
  legacyKeyId: string;
  revokedLegacyKey: string;
  v1: { read: string; write: string; admin: string };
  revokedV1Key: string;
  /** A key of this account that the matrix must never manage to revoke. */
  victimKeyId: string;
  /** A key of another account. */
  foreignKeyId: string;
  /** A brand and a probe run of this account, and of another account. */
  brandId: string;
  foreignBrandId: string;
  runId: string;
  foreignRunId: string;
  /** An AEO batch of this account, and of another account. */
  batchId: string;
  foreignBatchId: string;
  /** A webhook alert of this account, and of another account. */
  alertId: string;
  foreignAlertId: string;
}

interface RouteCase {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: (f: Fixtures) => string | Promise<string>;
  payload?: unknown | ((f: Fixtures) => unknown);
  surface: Surface;
  /** What a caller with too little gets 403 for: the v1 scope, or the team role (member session). */
  insufficient?: (f: Fixtures) => Headers;
  /** The same route aimed at another account's object, by its URL or by its body. */
  otherAccountUrl?: (f: Fixtures) => string;
  otherAccountPayload?: (f: Fixtures) => unknown;
  /** Status with the right credential (the positive control). */
  ok: number;
}

const cookie = (value: string): Headers => ({ cookie: value });

const ROUTES: RouteCase[] = [
  { name: 'GET /api/me', method: 'GET', url: () => '/api/me', surface: 'legacy', ok: 200 },
  { name: 'GET /api/keys', method: 'GET', url: () => '/api/keys', surface: 'session', insufficient: (f) => cookie(f.memberCookie), ok: 200 },
  {
    name: 'POST /api/keys',
    method: 'POST',
    url: () => '/api/keys',
    payload: { type: 'legacy' },
    surface: 'session',
    insufficient: (f) => cookie(f.memberCookie),
    ok: 201,
  },
  {
    name: 'DELETE /api/keys/:id',
    method: 'DELETE',
    url: (f) => `/api/keys/${f.victimKeyId}`,
    surface: 'session',
    insufficient: (f) => cookie(f.memberCookie),
    otherAccountUrl: (f) => `/api/keys/${f.foreignKeyId}`,
    ok: 204,
  },
  {
    name: 'GET /api/v1/_test/keys/:id (read)',
    method: 'GET',
    url: (f) => `/api/v1/_test/keys/${f.legacyKeyId}`,
    surface: 'v1',
    otherAccountUrl: (f) => `/api/v1/_test/keys/${f.foreignKeyId}`,
    ok: 200,
  },
  { name: 'POST /api/v1/_test/things (write)', method: 'POST', url: () => '/api/v1/_test/things', payload: {}, surface: 'v1', insufficient: (f) => bearer(f.v1.read), ok: 201 },
  { name: 'POST /api/v1/_test/admin (admin)', method: 'POST', url: () => '/api/v1/_test/admin', payload: {}, surface: 'v1', insufficient: (f) => bearer(f.v1.write), ok: 200 },
  // v1 resources.
  { name: 'GET /api/v1/brands', method: 'GET', url: () => '/api/v1/brands', surface: 'v1', ok: 200 },
  { name: 'POST /api/v1/brands', method: 'POST', url: () => '/api/v1/brands', payload: { name: 'Matrix', category: 'coffee' }, surface: 'v1', insufficient: (f) => bearer(f.v1.read), ok: 201 },
  { name: 'GET /api/v1/brands/:id', method: 'GET', url: (f) => `/api/v1/brands/${f.brandId}`, otherAccountUrl: (f) => `/api/v1/brands/${f.foreignBrandId}`, surface: 'v1', ok: 200 },
  { name: 'POST /api/v1/probes', method: 'POST', url: () => '/api/v1/probes', payload: (f: Fixtures) => ({ brandId: f.brandId }), otherAccountPayload: (f: Fixtures) => ({ brandId: f.foreignBrandId }), surface: 'v1', insufficient: (f) => bearer(f.v1.read), ok: 202 },
  { name: 'GET /api/v1/probes/:id', method: 'GET', url: (f) => `/api/v1/probes/${f.runId}`, otherAccountUrl: (f) => `/api/v1/probes/${f.foreignRunId}`, surface: 'v1', ok: 200 },
  { name: 'GET /api/v1/citations', method: 'GET', url: (f) => `/api/v1/citations?brandId=${f.brandId}`, otherAccountUrl: (f) => `/api/v1/citations?brandId=${f.foreignBrandId}`, surface: 'v1', ok: 200 },
  { name: 'GET /api/v1/picker', method: 'GET', url: (f) => `/api/v1/picker?brandId=${f.brandId}`, otherAccountUrl: (f) => `/api/v1/picker?brandId=${f.foreignBrandId}`, surface: 'v1', ok: 200 },
  { name: 'GET /api/v1/authority', method: 'GET', url: (f) => `/api/v1/authority?brandId=${f.brandId}`, otherAccountUrl: (f) => `/api/v1/authority?brandId=${f.foreignBrandId}`, surface: 'v1', ok: 200 },
  { name: 'GET /api/v1/sentinel/incidents', method: 'GET', url: (f) => `/api/v1/sentinel/incidents?brandId=${f.brandId}`, otherAccountUrl: (f) => `/api/v1/sentinel/incidents?brandId=${f.foreignBrandId}`, surface: 'v1', ok: 200 },
  { name: 'POST /api/v1/suggest', method: 'POST', url: () => '/api/v1/suggest', payload: (f: Fixtures) => ({ brandId: f.brandId, content: 'Our coffee machine brews in 30 seconds.' }), otherAccountPayload: (f: Fixtures) => ({ brandId: f.foreignBrandId, content: 'x' }), surface: 'v1', insufficient: (f) => bearer(f.v1.read), ok: 200 },
  { name: 'GET /api/v1/webhooks (admin)', method: 'GET', url: () => '/api/v1/webhooks', surface: 'v1', insufficient: (f) => bearer(f.v1.write), ok: 200 },
  { name: 'POST /api/v1/webhooks (admin)', method: 'POST', url: () => '/api/v1/webhooks', payload: { url: 'https://hooks.example.com/x', events: ['citation.discovered'] }, surface: 'v1', insufficient: (f) => bearer(f.v1.write), ok: 201 },
  // Legacy surface and the dashboard's twins of v1 resources (cookie or legacy key).
  { name: 'GET /api/brands', method: 'GET', url: () => '/api/brands', surface: 'legacy', ok: 200 },
  { name: 'GET /api/brands/:id', method: 'GET', url: (f) => `/api/brands/${f.brandId}`, otherAccountUrl: (f) => `/api/brands/${f.foreignBrandId}`, surface: 'legacy', ok: 200 },
  { name: 'POST /api/brands', method: 'POST', url: () => '/api/brands', payload: { name: 'Matrix', category: 'coffee' }, surface: 'legacy', ok: 201 },
  { name: 'POST /api/probes', method: 'POST', url: () => '/api/probes', payload: (f: Fixtures) => ({ brandId: f.brandId }), otherAccountPayload: (f: Fixtures) => ({ brandId: f.foreignBrandId }), surface: 'legacy', ok: 202 },
  {
    name: 'POST /api/webhooks',
    method: 'POST',
    url: () => '/api/webhooks',
    payload: (f: Fixtures) => ({ brandId: f.brandId, name: 'matrix', url: 'https://hooks.example.com/a', events: ['citation.gap.alert'] }),
    otherAccountPayload: (f: Fixtures) => ({ brandId: f.foreignBrandId, name: 'matrix', url: 'https://hooks.example.com/b', events: ['citation.gap.alert'] }),
    surface: 'session',
    ok: 201,
  },
  { name: 'GET /api/probes/:id', method: 'GET', url: (f) => `/api/probes/${f.runId}`, otherAccountUrl: (f) => `/api/probes/${f.foreignRunId}`, surface: 'legacy', ok: 200 },
  { name: 'GET /api/citations', method: 'GET', url: (f) => `/api/citations?brandId=${f.brandId}`, otherAccountUrl: (f) => `/api/citations?brandId=${f.foreignBrandId}`, surface: 'legacy', ok: 200 },
  ...[
    '/api/dashboard/visibility/timeseries',
    '/api/dashboard/competitors/breakdown',
    '/api/dashboard/prompts/breakdown',
    '/api/dashboard/prompts/aida',
    '/api/sentiment/overview',
    '/api/crisis/incidents',
  ].map(
    (path): RouteCase => ({
      name: `GET ${path}`,
      method: 'GET',
      url: (f) => `${path}?brand_id=${f.brandId}`,
      otherAccountUrl: (f) => `${path}?brand_id=${f.foreignBrandId}`,
      surface: 'legacy',
      ok: 200,
    }),
  ),
  { name: 'GET /api/brands/compare', method: 'GET', url: () => '/api/brands/compare', surface: 'legacy', ok: 200 },
  { name: 'POST /api/query', method: 'POST', url: () => '/api/query', payload: { brand: 'Matrix', category: 'coffee', platforms: ['deepseek'] }, surface: 'legacy', ok: 200 },
  { name: 'POST /api/aeo/rewrite', method: 'POST', url: () => '/api/aeo/rewrite', payload: { text: 'Matrix coffee machines brew fast.', brand: 'Matrix' }, surface: 'legacy', ok: 200 },
  {
    name: 'POST /api/aeo/batch',
    method: 'POST',
    url: () => '/api/aeo/batch',
    payload: (f: Fixtures) => ({ brand_id: f.brandId, items: [{ text: 'Matrix coffee machines brew fast.' }] }),
    otherAccountPayload: (f: Fixtures) => ({ brand_id: f.foreignBrandId, items: [{ text: 'x' }] }),
    surface: 'legacy',
    ok: 202,
  },
  { name: 'GET /api/aeo/batch/:id', method: 'GET', url: (f) => `/api/aeo/batch/${f.batchId}`, otherAccountUrl: (f) => `/api/aeo/batch/${f.foreignBatchId}`, surface: 'legacy', ok: 200 },
  {
    name: 'POST /api/alerts/:id/acknowledge',
    method: 'POST',
    url: (f) => `/api/alerts/${f.alertId}/acknowledge`,
    surface: 'session',
    insufficient: (f) => cookie(f.viewerCookie),
    otherAccountUrl: (f) => `/api/alerts/${f.foreignAlertId}/acknowledge`,
    ok: 200,
  },
  { name: 'GET /api/webhooks', method: 'GET', url: (f) => `/api/webhooks?brandId=${f.brandId}`, otherAccountUrl: (f) => `/api/webhooks?brandId=${f.foreignBrandId}`, surface: 'session', ok: 200 },
];

/** Flip the last character: same format, broken checksum. */
const breakChecksum = (key: string) => key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');

function credentialCases(route: RouteCase, f: Fixtures): Array<{ label: string; headers: Headers; status: number; message?: RegExp }> {
  const right: Record<Surface, Headers> = {
    session: cookie(f.ownerCookie),
    legacy: bearer(f.legacyKey),
    v1: bearer(f.v1.admin),
  };
  const malformed: Record<Surface, Headers> = {
    session: cookie('sl_session=not-a-session'),
    legacy: bearer(breakChecksum(f.legacyKey)),
    v1: bearer(breakChecksum(f.v1.admin)),
  };
  const revoked: Record<Surface, Headers> = {
    session: cookie(f.loggedOutCookie),
    legacy: bearer(f.revokedLegacyKey),
    v1: bearer(f.revokedV1Key),
  };
  const wrongSurface: Record<Surface, Array<[string, Headers, RegExp]>> = {
    session: [['legacy key', bearer(f.legacyKey), /dashboard|sign in/i], ['v1 key', bearer(f.v1.admin), /dashboard|sign in/i]],
    legacy: [['v1 key', bearer(f.v1.admin), /legacy API key \(service_/]],
    v1: [['legacy key', bearer(f.legacyKey), /v1 API key \(sk_live_/], ['session cookie', cookie(f.ownerCookie), /v1 API key|sk_live_/]],
  };
  const cases = [
    { label: 'right credential', headers: right[route.surface], status: route.ok },
    { label: 'no credential', headers: {}, status: 401 },
    { label: 'malformed credential', headers: malformed[route.surface], status: 401 },
    { label: 'malformed Authorization scheme', headers: { authorization: 'Basic dXNlcjpwYXNz' }, status: 401, message: /Bearer/ },
    { label: 'revoked credential', headers: revoked[route.surface], status: 401 },
    ...wrongSurface[route.surface].map(([what, headers, message]) => ({ label: `wrong surface (${what})`, headers, status: 401, message })),
  ];
  if (route.insufficient) cases.push({ label: 'insufficient scope or role', headers: route.insufficient(f), status: 403 });
  return cases;
}

describe.each(dbKinds)('security matrix on %s', (kind) => {
  let f: Fixtures;

  beforeAll(async () => {
    const ctx = await createIdentityContext(kind, { beforeReady: registerV1TestRoutes, withSimulator: true });
    const { container, app } = ctx;
    const owner = await seedAccount(container, { tier: 'scale' });
    const member = await seedUser(container, owner.accountId, { role: 'member' });
    const viewer = await seedUser(container, owner.accountId, { role: 'viewer' });
    const other = await seedAccount(container);
    const [ownerCookie, memberCookie, viewerCookie, loggedOutCookie] = await Promise.all([
      login(app, owner.email),
      login(app, member.email),
      login(app, viewer.email),
      login(app, owner.email),
    ]);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: cookie(loggedOutCookie) });
    const revokedLegacy = await createKey(container, owner, 'legacy');
    const revokedV1 = await createKey(container, owner, 'v1', { scopes: ['admin'] });
    await container.services.keys.revoke(owner.accountId, revokedLegacy.id);
    await container.services.keys.revoke(owner.accountId, revokedV1.id);
    const legacy = await createKey(container, owner, 'legacy');
    const { brands, probes, aeoBatches } = container.services;
    const brand = await brands.create({ accountId: owner.accountId, userId: owner.userId, tier: 'scale' }, { name: 'Lumen', category: 'coffee' });
    const foreignBrand = await brands.create({ accountId: other.accountId, userId: other.userId, tier: 'free' }, { name: 'Other', category: 'tea' });
    const run = await probes.trigger(owner.accountId, { brandId: brand.id });
    const foreignRun = await probes.trigger(other.accountId, { brandId: foreignBrand.id });
    const batch = await aeoBatches.submit(owner.accountId, { brandId: brand.id, items: [{ text: 'Lumen brews in 30 seconds.' }] });
    const foreignBatch = await aeoBatches.submit(other.accountId, { brandId: foreignBrand.id, items: [{ text: 'Other steeps tea.' }] });
    const [{ alertId }, { alertId: foreignAlertId }] = await Promise.all([
      seedFailingAlert(container, owner, brand.id),
      seedFailingAlert(container, other, foreignBrand.id),
    ]);
    f = {
      ctx,
      owner,
      other,
      ownerCookie,
      memberCookie,
      viewerCookie,
      loggedOutCookie,
      legacyKey: legacy.key,
      legacyKeyId: legacy.id,
      revokedLegacyKey: revokedLegacy.key,
      v1: {
        read: (await createKey(container, owner, 'v1', { scopes: ['read'] })).key,
        write: (await createKey(container, owner, 'v1', { scopes: ['write'] })).key,
        admin: (await createKey(container, owner, 'v1', { scopes: ['admin'] })).key,
      },
      revokedV1Key: revokedV1.key,
      victimKeyId: (await createKey(container, owner, 'legacy')).id,
      foreignKeyId: (await createKey(container, other, 'legacy')).id,
      brandId: brand.id,
      foreignBrandId: foreignBrand.id,
      runId: run.response.runId,
      foreignRunId: foreignRun.response.runId,
      batchId: batch.batchId,
      foreignBatchId: foreignBatch.batchId,
      alertId,
      foreignAlertId,
    };
  });
  afterAll(async () => {
    await f?.ctx.close();
  });

  for (const route of ROUTES) {
    it(`${route.name}: 401 / 403 / 404 exactly as specified`, async () => {
      const { app } = f.ctx;
      const payloadOf = (p: RouteCase['payload']) => (typeof p === 'function' ? (p as (f: Fixtures) => unknown)(f) : p);
      const send = async (url: string, headers: Headers, payload = payloadOf(route.payload)) =>
        app.inject({ method: route.method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
      // Refusals first, so the positive control of DELETE does not remove the object under test.
      const cases = credentialCases(route, f).sort((a, b) => Number(a.status < 300) - Number(b.status < 300));
      for (const c of cases) {
        const res = await send(await route.url(f), c.headers);
        expect({ case: c.label, status: res.statusCode }).toEqual({ case: c.label, status: c.status });
        if (c.status >= 400) {
          const body = res.json() as { error: { code: string; message: string; requestId: string } };
          expect(body.error.code).toBe({ 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN' }[c.status]);
          expect(body.error.message.length).toBeGreaterThan(20);
          if (c.message) expect(body.error.message, c.label).toMatch(c.message);
        }
      }
      if (route.otherAccountUrl || route.otherAccountPayload) {
        const right = route.surface === 'v1' ? bearer(f.v1.admin) : route.surface === 'legacy' ? bearer(f.legacyKey) : cookie(f.ownerCookie);
        const res = route.otherAccountUrl
          ? await send(route.otherAccountUrl(f), right)
          : await send(await route.url(f), right, route.otherAccountPayload!(f));
        expect(res.statusCode).toBe(404);
        expect((res.json() as { error: { code: string } }).error.code).toBe('NOT_FOUND');
      }
    });
  }

  it("another account's key survives the DELETE that answered 404", async () => {
    const foreign = await f.ctx.container.services.keys.list(f.other.accountId);
    expect(foreign.map((k) => k.id)).toContain(f.foreignKeyId);
  });

  it('documents each v1 route scope in the OpenAPI document (x-required-scope)', async () => {
    const doc = (await f.ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(doc.paths['/api/v1/_test/keys/{id}']?.get?.['x-required-scope']).toBe('read');
    expect(doc.paths['/api/v1/_test/things']?.post?.['x-required-scope']).toBe('write');
    expect(doc.paths['/api/v1/_test/admin']?.post?.['x-required-scope']).toBe('admin');
  });
});

/**
 * The role matrix (docs/auth.md): the least team role each route needs. Viewers read; members
 * scan, probe, rewrite and write content; admins manage keys, webhooks and members; owners manage
 * the account and its owners (the owner-only decisions depend on the target person, so the team
 * service makes them: see test/features/team/team.test.ts). A v1 key acts with its creator's role.
 */
const ROLE_MATRIX: Record<string, Role> = {
  'GET /api/me': 'viewer',
  'GET /api/keys': 'admin',
  'POST /api/keys': 'admin',
  'DELETE /api/keys/:id': 'admin',
  'GET /api/team/members': 'viewer',
  'PATCH /api/team/members/:userId': 'admin',
  // Anyone may leave (their own id); removing someone else needs admin, an owner needs an owner.
  'DELETE /api/team/members/:userId': 'viewer',
  'GET /api/team/invites': 'admin',
  'POST /api/team/invites': 'admin',
  'DELETE /api/team/invites/:id': 'admin',
  'POST /api/team/invites/accept': 'viewer',
  // Signed in, the free check spends the account's daily quota.
  'POST /api/check/run': 'member',
  'POST /api/query': 'member',
  'GET /api/v1/brands': 'viewer',
  'POST /api/v1/brands': 'member',
  'GET /api/v1/brands/:id': 'viewer',
  'PATCH /api/v1/brands/:id': 'member',
  'DELETE /api/v1/brands/:id': 'admin',
  'GET /api/v1/brands/:id/competitor-candidates': 'viewer',
  'GET /api/v1/brands/:id/prompts': 'viewer',
  'POST /api/v1/brands/:id/prompts': 'member',
  'PATCH /api/v1/brands/:id/prompts/:promptId': 'member',
  'POST /api/v1/brands/:id/prompts/import': 'member',
  'POST /api/v1/probes': 'member',
  'GET /api/v1/probes/:id': 'viewer',
  'GET /api/v1/citations': 'viewer',
  'GET /api/v1/authority': 'viewer',
  'POST /api/v1/suggest': 'member',
  'POST /api/v1/suggest/:id/apply': 'member',
  'GET /api/brands': 'viewer',
  'POST /api/brands': 'member',
  'GET /api/brands/:id': 'viewer',
  'PATCH /api/brands/:id': 'member',
  'DELETE /api/brands/:id': 'admin',
  'GET /api/brands/:id/competitor-candidates': 'viewer',
  'GET /api/brands/:id/prompts': 'viewer',
  'POST /api/brands/:id/prompts': 'member',
  'PATCH /api/brands/:id/prompts/:promptId': 'member',
  'POST /api/brands/:id/prompts/import': 'member',
  'POST /api/probes': 'member',
  'GET /api/probes/:id': 'viewer',
  'GET /api/citations': 'viewer',
  'GET /api/authority': 'viewer',
  'POST /api/suggest': 'member',
  'POST /api/suggest/:id/apply': 'member',
  'GET /api/v1/prompt-packs': 'viewer',
  'POST /api/v1/prompt-packs': 'member',
  'GET /api/v1/prompt-packs/:id': 'viewer',
  'POST /api/v1/prompt-packs/:id/bind': 'member',
  // A webhook's URL is itself a credential (chat robots): reading is for admins too.
  'GET /api/webhooks': 'admin',
  'POST /api/webhooks': 'admin',
  'GET /api/webhooks/:id': 'admin',
  'PATCH /api/webhooks/:id': 'admin',
  'DELETE /api/webhooks/:id': 'admin',
  'POST /api/webhooks/:id/test': 'admin',
  'GET /api/webhooks/:id/deliveries': 'admin',
  'GET /api/alerts': 'viewer',
  // Acknowledging silences the notice for the whole team: not for read-only viewers.
  'POST /api/alerts/:id/acknowledge': 'member',
  'POST /api/v1/webhooks': 'admin',
  'GET /api/v1/webhooks': 'admin',
  'DELETE /api/v1/webhooks/:id': 'admin',
  'GET /api/dashboard/visibility/timeseries': 'viewer',
  'GET /api/dashboard/competitors/breakdown': 'viewer',
  'GET /api/dashboard/prompts/breakdown': 'viewer',
  'GET /api/dashboard/prompts/aida': 'viewer',
  'GET /api/dashboard/headline': 'viewer',
  'GET /api/brands/compare': 'viewer',
  'GET /api/sentiment/overview': 'viewer',
  'GET /api/crisis/incidents': 'viewer',
  'GET /api/monitoring/throttles': 'viewer',
  'GET /api/plan': 'viewer',
  'POST /api/aeo/rewrite': 'member',
  'POST /api/aeo/batch': 'member',
  'GET /api/aeo/batch/:id': 'viewer',
  'GET /api/content/pages': 'viewer',
  'POST /api/content/pages': 'member',
  'PUT /api/content/pages/:id': 'member',
  'POST /api/content/check': 'member',
  'GET /api/v1/picker': 'viewer',
  'GET /api/v1/sentinel/incidents': 'viewer',
  'PATCH /api/v1/sentinel/incidents/:id': 'member',
  'GET /api/v1/visibility': 'viewer',
  'GET /api/v1/competitors': 'viewer',
  // Each MCP tool call is a REST call checked against this table.
  'POST /api/v1/mcp': 'viewer',
};

describe.each(dbKinds)('role matrix on %s: every route × every team role', (kind) => {
  let ctx: IdentityContext;
  const cookies = {} as Record<Role, string>;
  const v1Keys = {} as Record<Role, string>;

  beforeAll(async () => {
    ctx = await createIdentityContext(kind);
    const owner = await seedAccount(ctx.container, { tier: 'enterprise' });
    for (const role of ROLES) {
      const user = role === 'owner' ? owner : await seedUser(ctx.container, owner.accountId, { role });
      cookies[role] = await login(ctx.app, user.email);
      // Seeded directly: a key acts with its creator's role, whoever could have created it.
      v1Keys[role] = (await createKey(ctx.container, user, 'v1', { scopes: ['admin'] })).key;
    }
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const classified = () =>
    routesOf(ctx.app)
      .filter(isApiRoute)
      .map((route) => ({ route, key: `${route.method} ${route.url}`, access: accessOf(route as never) }))
      .filter(({ access }) => access.auth !== 'none');

  it('classifies every route that knows its caller, and each route config enforces exactly that role', () => {
    const routes = classified();
    const enforced = Object.fromEntries(routes.map(({ key, access }) => [key, access.role ?? 'viewer']));
    expect(enforced).toEqual(ROLE_MATRIX);
  });

  it('refuses each role below the route minimum with 403 naming the role, and lets every other role through', async () => {
    const outcomes: string[] = [];
    for (const { route, key, access } of classified()) {
      const needed = ROLE_MATRIX[key]!;
      for (const role of ROLES) {
        const headers: Record<string, string> = access.auth === 'v1' ? { authorization: `Bearer ${v1Keys[role]}` } : { cookie: cookies[role] };
        // A body no schema accepts: an allowed caller gets 400 (or 404 for the random ids), so no
        // route actually does anything; a refused one gets 403 before the body is even read.
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: fillPath(route.url),
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: { roleMatrixProbe: true } }),
        });
        const allowed = hasRole(role, needed);
        const refusedForRole = res.statusCode === 403 && /team role; your role is/.test(res.json().error.message);
        const ok = allowed ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500 : refusedForRole;
        if (!ok) outcomes.push(`${key} as ${role} (needs ${needed}): ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(outcomes).toEqual([]);
  }, 120_000);
});
