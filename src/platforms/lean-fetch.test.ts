import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leanFetch } from './lean-fetch.js';

describe('leanFetch (the transport under the openai SDK)', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/hang') return; // never answers
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        res.setHeader('retry-after', '3');
        res.writeHead(req.url === '/limited' ? 429 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, auth: req.headers.authorization ?? null, body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends method, headers and body, and answers status, headers and JSON', async () => {
    const res = await leanFetch(`${base}/v1/chat`, { method: 'POST', headers: new Headers({ authorization: 'Bearer k' }), body: '{"q":1}' });
    expect(res.ok).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(await res.json()).toEqual({ method: 'POST', auth: 'Bearer k', body: '{"q":1}' });
  });

  it('reports a failure status with its headers, without throwing', async () => {
    const res = await leanFetch(`${base}/limited`, { method: 'GET' });
    expect([res.ok, res.status, res.headers.get('retry-after')]).toEqual([false, 429, '3']);
    expect(JSON.parse(await res.text())).toMatchObject({ method: 'GET' });
  });

  it('rejects with an AbortError when the signal aborts, as fetch does', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(leanFetch(`${base}/hang`, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses what it does not implement rather than sending it wrong', async () => {
    await expect(leanFetch(`${base}/x`, { method: 'POST', body: new Uint8Array([1]) })).rejects.toThrow(/string bodies/);
  });
});
