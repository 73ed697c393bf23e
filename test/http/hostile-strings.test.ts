/**
 * One shared rule, every route: a string carrying NUL or an unpaired UTF-16 surrogate, in any
 * body field, query parameter or path parameter, answers 400 naming the field — never a 500
 * from PostgreSQL. The cases are generated from the route table itself, so a new route is
 * covered the day it is added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf, type RouteSummary } from '../../src/http/route-table.js';
import { createIdentityContext, createKey, login, seedAccount, type IdentityContext } from '../support/identity.js';
import { dbKinds } from '../support/db.js';
import { fillPath, headersFor, isApiRoute, minimalValid, stringFields, type Credentials } from '../support/route-callers.js';

// [label, the string in a JSON body, the same in a URL (a lone surrogate has no UTF-8 form: its CESU bytes)]
const HOSTILE = [
  ['NUL', 'Acme\u0000Corp', 'Acme%00Corp'],
  ['a lone high surrogate', 'Acme\uD800Corp', 'Acme%ED%A0%80Corp'],
  ['a lone low surrogate', '\uDC00Acme', '%ED%B0%80Acme'],
] as const;

describe.each(dbKinds)('NUL and lone surrogates on every route (%s)', (kind) => {
  let ctx: IdentityContext;
  let creds: Credentials;
  let routes: readonly RouteSummary[];
  beforeAll(async () => {
    ctx = await createIdentityContext(kind);
    const owner = await seedAccount(ctx.container, { tier: 'enterprise' });
    creds = { cookie: await login(ctx.app, owner.email), v1Key: (await createKey(ctx.container, owner, 'v1', { scopes: ['admin'] })).key };
    routes = routesOf(ctx.app).filter(isApiRoute);
  });
  afterAll(() => ctx?.close());

  it('covers every route with a string body field, query parameter or path parameter', () => {
    const withStrings = routes.filter((r) => stringFields(r.schema?.body).length + stringFields(r.schema?.querystring).length + stringFields(r.schema?.params).length > 0);
    expect(withStrings.length).toBeGreaterThan(25);
  });

  it.each(HOSTILE)('%s in any string field answers 400 naming it', async (_label, value, inUrl) => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of routes) {
      const headers = headersFor(route, creds);
      for (const field of stringFields(route.schema?.body)) {
        tried++;
        const res = await ctx.app.inject({ method: route.method as 'POST', url: fillPath(route.url), headers, payload: { [field]: value } });
        const body = res.json() as { error?: { field?: string } };
        if (res.statusCode !== 400 || body.error?.field !== field) failures.push(`${route.method} ${route.url} body.${field}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      for (const field of stringFields(route.schema?.querystring)) {
        tried++;
        const url = `${fillPath(route.url)}?${field}=${inUrl}`;
        const body = route.schema?.body ? { payload: minimalValid(route.schema.body) as object } : {};
        const res = await ctx.app.inject({ method: route.method as 'GET', url, headers, ...body });
        // A lone surrogate cannot travel in a URL: its bytes decode to U+FFFD, which is harmless.
        const refused = res.statusCode === 400 && (res.json() as { error?: { field?: string } }).error?.field === field;
        if (value.includes('\u0000') ? !refused : res.statusCode >= 500) failures.push(`${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      for (const field of stringFields(route.schema?.params)) {
        tried++;
        const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => (name === field ? inUrl : '0f0e0d0c-0b0a-4908-8706-050403020100'));
        const res = await ctx.app.inject({ method: route.method as 'GET', url, headers, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
        if (res.statusCode !== 400) failures.push(`${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(tried).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });
});
