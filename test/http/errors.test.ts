import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { BODY_LIMIT_BYTES } from '../../src/app.js';
import { createTestContext, type TestContext } from '../support/app.js';

describe('the error envelope on both surfaces', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {
      beforeReady: (app) => {
        app.post(
          '/api/test/echo',
          { schema: { body: Type.Object({ name: Type.String({ maxLength: 10 }), count: Type.Optional(Type.Integer()) }) } },
          async (req) => req.body,
        );
        app.get('/api/v1/test/boom', { config: { auth: 'none' } }, async () => {
          throw new Error('secret internal detail at /srv/app.js:42');
        });
        app.get(
          '/api/test/items/:id',
          { schema: { querystring: Type.Object({ n: Type.Optional(Type.Integer({ minimum: 1 })) }) } },
          async (req) => ({ id: (req.params as { id: string }).id, n: (req.query as { n?: number }).n }),
        );
      },
    });
  });
  afterAll(() => ctx.close());

  const post = (payload: string, contentType = 'application/json') =>
    ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload, headers: { 'content-type': contentType } });

  function expectEnvelope(res: { json(): unknown; headers: Record<string, unknown> }, code: string) {
    const body = res.json() as { error: { code: string; message: string; requestId: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).toBeTypeOf('string');
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
    return body.error;
  }

  it('accepts a valid body', async () => {
    const res = await post('{"name":"ok"}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'ok' });
  });

  it('malformed JSON → 400 MALFORMED_JSON', async () => {
    const res = await post('{"name": ');
    expect(res.statusCode).toBe(400);
    expectEnvelope(res, 'MALFORMED_JSON');
  });

  it('wrong content type → 415', async () => {
    const res = await post('name=x', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expectEnvelope(res, 'UNSUPPORTED_MEDIA_TYPE');
    const text = await post('hello', 'text/plain');
    expect(text.statusCode).toBe(415);
  });

  it('oversized body → 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES) }));
    expect(res.statusCode).toBe(413);
    expectEnvelope(res, 'PAYLOAD_TOO_LARGE');
  });

  it('validation failure → 400 naming the field', async () => {
    const missing = await post('{}');
    expect(missing.statusCode).toBe(400);
    expect(expectEnvelope(missing, 'VALIDATION_ERROR').message).toContain('body.name is required');
    const wrongType = await post('{"name":"ok","count":"many"}');
    expect(expectEnvelope(wrongType, 'VALIDATION_ERROR').message).toContain('body.count');
    const tooLong = await post(JSON.stringify({ name: 'x'.repeat(11) }));
    expect(expectEnvelope(tooLong, 'VALIDATION_ERROR').message).toContain('body.name');
  });

  it('does not coerce body types: a number is not a string', async () => {
    const res = await post('{"name": 42}');
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res, 'VALIDATION_ERROR').message).toContain('body.name');
  });

  it('coerces query strings, which are text', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/test/items/a?n=3' });
    expect(ok.json()).toEqual({ id: 'a', n: 3 });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/test/items/a?n=abc' });
    expect(bad.statusCode).toBe(400);
    expect(expectEnvelope(bad, 'VALIDATION_ERROR').message).toContain('querystring.n');
  });

  it('an over-long path parameter → 414 with the envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/test/items/${'x'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expectEnvelope(res, 'URI_TOO_LONG');
  });

  it('hostile JSON (prototype pollution) is refused, not merged', async () => {
    const res = await post('{"name":"ok","__proto__":{"admin":true}}');
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res, 'VALIDATION_ERROR').message).toContain('__proto__');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('unknown route → 404 on both surfaces', async () => {
    for (const url of ['/api/nothing', '/api/v1/nothing']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expectEnvelope(res, 'NOT_FOUND');
    }
  });

  it('wrong method on an existing path → 405 with Allow', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/health' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expectEnvelope(res, 'METHOD_NOT_ALLOWED');
  });

  it('a thrown internal error → 500 without internals', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    const error = expectEnvelope(res, 'INTERNAL_ERROR');
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('/srv/app.js');
    expect(error.message).toContain(ctx.container.config.supportEmail);
  });

  it('echoes a safe X-Request-Id and replaces a hostile one', async () => {
    const echoed = await ctx.app.inject({ method: 'GET', url: '/api/nothing', headers: { 'x-request-id': 'abc-123' } });
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const hostile = await ctx.app.inject({ method: 'GET', url: '/api/nothing', headers: { 'x-request-id': 'a\u0000b<script>' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  });

  it('sets security headers and the request id on every API answer, errors included', async () => {
    const answers = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/v1/health' }), // 200, a route with no hooks
      ctx.app.inject({ method: 'GET', url: '/api/v1/brands' }), // 401 from the auth hook
      ctx.app.inject({ method: 'GET', url: '/api/nothing' }), // 404
      ctx.app.inject({ method: 'DELETE', url: '/api/v1/health' }), // 405
      ctx.app.inject({ method: 'POST', url: '/api/check/run', headers: { 'content-type': 'text/plain' }, payload: 'x' }), // 415
      ctx.app.inject({ method: 'POST', url: '/api/check/run', headers: { 'content-type': 'application/json' }, payload: '{"brand_name":' }), // 400
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 405, 415, 400]);
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'");
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
    }
  });
});
