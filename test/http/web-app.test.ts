/**
 * The server side of the dashboard (src/http/web-app.ts): static files, the SPA fallback,
 * helmet's CSP on HTML only, the "not built" page, and API 404/405 envelopes left untouched.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container } from '../../src/container.js';
import { registerWebApp } from '../../src/http/web-app.js';
import { registerErrorHandling } from '../../src/http/errors.js';
import { trackRoutes } from '../../src/http/route-table.js';
import type { App } from '../../src/http/types.js';

const container = { config: { supportEmail: 'help@example.test' }, build: { id: '0.1.0+test' } } as unknown as Container;
const html = { accept: 'text/html,application/xhtml+xml' };

async function appWith(root: string): Promise<App> {
  const app = Fastify().withTypeProvider<TypeBoxTypeProvider>() as unknown as App;
  const methodsFor = trackRoutes(app);
  const errors = registerErrorHandling(app, { supportEmail: 'help@example.test', methodsFor });
  app.get('/api/keys', async () => ({ data: [] }));
  await registerWebApp(app, container, { root, setNotFoundFallback: errors.setNotFoundFallback });
  await app.ready();
  return app;
}

describe('dashboard with a build', () => {
  let dir: string;
  let app: App;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sightline-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc.js"></script></body></html>');
    writeFileSync(join(dir, 'assets', 'app-abc.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'app-abc.js.gz'), gzipSync('console.log(1)'));
    app = await appWith(dir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at / with helmet CSP', async () => {
    const res = await app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('id="root"');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('serves hashed assets with a long cache and no CSP', async () => {
    const res = await app.inject({ url: '/assets/app-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('serves the precompressed file to browsers that accept it', async () => {
    const res = await app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('falls back to index.html for deep links asked as HTML', async () => {
    const res = await app.inject({ url: '/brands/abc/webhooks?x=1', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('leaves API 404 and 405 envelopes alone, even for browsers', async () => {
    const missing = await app.inject({ url: '/api/nope', headers: html });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const wrongMethod = await app.inject({ method: 'POST', url: '/api/nope' });
    expect(wrongMethod.statusCode).toBe(404);
    const keys = await app.inject({ method: 'PUT', url: '/api/keys' });
    expect(keys.statusCode).toBe(405);
  });

  it('answers JSON 404 to non-HTML requests for unknown paths', async () => {
    const res = await app.inject({ url: '/brands/abc', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
  });

  it('exposes the support e-mail in /api/meta', async () => {
    const res = await app.inject({ url: '/api/meta' });
    expect(res.json()).toEqual({ supportEmail: 'help@example.test', version: '0.1.0+test' });
  });
});

describe('dashboard without a build', () => {
  let app: App;
  beforeAll(async () => {
    app = await appWith(join(tmpdir(), 'sightline-web-missing-' + process.pid));
  });
  afterAll(() => app.close());

  it('tells to run npm run build, and the API still answers', async () => {
    const res = await app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
    const deep = await app.inject({ url: '/keys', headers: html });
    expect(deep.body).toContain('npm run build');
    expect((await app.inject({ url: '/api/keys' })).statusCode).toBe(200);
  });
});
