/**
 * Bad input on every identity endpoint: missing, wrong-typed, oversized and hostile bodies and
 * parameters answer 400 with the envelope and name the offending field; nothing is created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../support/db.js';
import { createIdentityContext, login, PASSWORD, seedAccount, uniqueEmail, type IdentityContext } from '../support/identity.js';

interface BadCase {
  label: string;
  method: 'POST' | 'DELETE';
  url: string;
  /** A raw JSON text (hostile cases) or an object. */
  payload?: string | object;
  field: string;
  code?: string;
  signedIn?: boolean;
}

const email = () => uniqueEmail('bad');
const huge = 'a'.repeat(10_000);

const CASES: BadCase[] = [];
for (const url of ['/api/auth/signup', '/api/auth/login']) {
  CASES.push(
    { label: 'missing email', method: 'POST', url, payload: { password: PASSWORD }, field: 'email' },
    { label: 'missing password', method: 'POST', url, payload: { email: email() }, field: 'password' },
    { label: 'email of the wrong type', method: 'POST', url, payload: { email: { $ne: '' }, password: PASSWORD }, field: 'email' },
    { label: 'password of the wrong type', method: 'POST', url, payload: { email: email(), password: { length: 9 } }, field: 'password' },
    { label: 'a 10 000-character e-mail', method: 'POST', url, payload: { email: `${huge}@example.com`, password: PASSWORD }, field: 'email' },
    { label: 'a 10 000-character password', method: 'POST', url, payload: { email: email(), password: huge }, field: 'password' },
    { label: 'not an e-mail', method: 'POST', url, payload: { email: 'robert"); drop table users;--', password: PASSWORD }, field: 'email' },
    { label: 'an unknown field', method: 'POST', url, payload: { email: email(), password: PASSWORD, role: 'owner' }, field: 'role' },
    { label: 'no body at all', method: 'POST', url, field: 'body' },
  );
}
CASES.push(
  { label: 'a short password', method: 'POST', url: '/api/auth/signup', payload: { email: email(), password: 'short' }, field: 'password' },
  { label: 'missing type', method: 'POST', url: '/api/keys', payload: {}, field: 'type', signedIn: true },
  { label: 'unknown type', method: 'POST', url: '/api/keys', payload: { type: 'root' }, field: 'type', signedIn: true },
  { label: 'unknown scope', method: 'POST', url: '/api/keys', payload: { type: 'v1', scopes: ['superuser'] }, field: 'scopes.0', signedIn: true },
  { label: 'scopes on a legacy key', method: 'POST', url: '/api/keys', payload: { type: 'legacy', scopes: ['read'] }, field: 'scopes', signedIn: true },
  { label: 'mode on a legacy key', method: 'POST', url: '/api/keys', payload: { type: 'legacy', mode: 'test' }, field: 'mode', signedIn: true },
  { label: 'an oversized name', method: 'POST', url: '/api/keys', payload: { type: 'legacy', name: huge }, field: 'name', signedIn: true },
  { label: 'a zero expiry', method: 'POST', url: '/api/keys', payload: { type: 'legacy', expiresInDays: 0 }, field: 'expiresInDays', signedIn: true },
  { label: 'an unknown field', method: 'POST', url: '/api/keys', payload: { type: 'legacy', accountId: 'x' }, field: 'accountId', signedIn: true },
  { label: 'a key id that is not a UUID', method: 'DELETE', url: '/api/keys/1%20or%201=1', field: 'id', signedIn: true },
  { label: 'a long key id', method: 'DELETE', url: `/api/keys/${'f'.repeat(90)}`, field: 'id', signedIn: true },
);

describe.each(dbKinds)('bad input on %s', (kind) => {
  let ctx: IdentityContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createIdentityContext(kind);
    cookie = await login(ctx.app, (await seedAccount(ctx.container)).email);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it.each(CASES.map((c) => [`${c.method} ${c.url.slice(0, 40)}: ${c.label}`, c] as const))('%s → 400 naming the field', async (_name, c) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(c.signedIn ? { cookie } : {}) };
    const payload = c.payload === undefined ? undefined : typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload);
    const res = await ctx.app.inject({ method: c.method, url: c.url, headers: payload === undefined ? (c.signedIn ? { cookie } : {}) : headers, ...(payload !== undefined ? { payload } : {}) });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: { code: string; message: string; field?: string } };
    expect(body.error.code).toBe(c.code ?? 'VALIDATION_ERROR');
    expect(body.error.field).toBe(c.field);
    expect(body.error.message).toContain(c.field === 'body' ? 'body' : c.field.split('.')[0]);
    expect(res.body.length).toBeLessThan(600); // an oversized value is never echoed back
  });

  it.each([
    ['__proto__', '{"email":"proto@example.com","password":"correct horse","__proto__":{"role":"owner"}}'],
    ['constructor.prototype', '{"email":"ctor@example.com","password":"correct horse","constructor":{"prototype":{"isAdmin":true}}}'],
  ])('refuses JSON carrying %s (400) and pollutes nothing', async (_label, payload) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: { code: string } }).error.code).toMatch(/MALFORMED_JSON|VALIDATION_ERROR/);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'proto@example.com', password: 'correct horse' } });
    expect(login.statusCode).toBe(401); // no account was created
  });

  it('answers 414 (a client error, never a 500) for a 10 000-character key id', async () => {
    // Fastify refuses path parameters over 100 characters before routing.
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/keys/${huge}`, headers: { cookie } });
    expect(res.statusCode).toBe(414);
  });

  it('refuses a body that is not JSON at all', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: { code: string } }).error.code).toBe('MALFORMED_JSON');
  });
});
