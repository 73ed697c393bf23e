import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttemptTimeoutError, closeExchangePools, ConnectionError, exchange, headerOf } from './http-exchange.js';

describe('exchange (the HTTP transport under the platform adapter)', () => {
  let server: Server;
  let origin: string;
  let connections = 0;
  const closed: string[] = [];
  const answer = '石头扫地机器人'.repeat(2_000); // multi-byte characters across many chunks

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/hang') {
        req.socket.once('close', () => closed.push('hang'));
        return; // never answers
      }
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        if (req.url === '/limited') {
          res.writeHead(429, { 'retry-after': '3', 'content-type': 'application/json' });
          return res.end('{"error":{"message":"slow down"}}');
        }
        if (req.url === '/long') {
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
          // Written in pieces that split characters, as a network may deliver them.
          const bytes = Buffer.from(answer);
          for (let at = 0; at < bytes.length; at += 1_001) res.write(bytes.subarray(at, at + 1_001));
          return res.end();
        }
        res.writeHead(200, { 'content-type': 'application/json', 'x-seen': 'yes' });
        res.end(JSON.stringify({ method: req.method, path: req.url, auth: req.headers.authorization ?? null, body }));
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await closeExchangePools();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const request = (path: string, timeoutMs = 2_000) =>
    exchange({ origin, method: 'POST', path, headers: ['authorization', 'Bearer k', 'content-type', 'application/json'], body: '{"q":"问"}', timeoutMs });

  it('sends method, path, headers and body; answers status, headers and the body as text', async () => {
    const result = await request('/v1/chat/completions?x=1').done;
    expect(result.status).toBe(200);
    expect(headerOf(result, 'x-seen')).toBe('yes');
    expect(JSON.parse(result.body)).toEqual({ method: 'POST', path: '/v1/chat/completions?x=1', auth: 'Bearer k', body: '{"q":"问"}' });
  });

  it('decodes an answer that arrives in many pieces, characters split between them', async () => {
    const result = await request('/long').done;
    expect(result.body).toBe(answer);
  });

  it('hands over an error status as an answer, with its headers', async () => {
    const result = await request('/limited').done;
    expect([result.status, headerOf(result, 'retry-after'), result.body]).toEqual([429, '3', '{"error":{"message":"slow down"}}']);
  });

  it('keeps connections alive between exchanges', async () => {
    await request('/a').done;
    const before = connections;
    for (let i = 0; i < 5; i++) await request('/b').done;
    expect(connections).toBe(before);
  });

  it('fails with AttemptTimeoutError at the deadline and drops the connection', async () => {
    const started = performance.now();
    const error = await request('/hang', 150).done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AttemptTimeoutError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect.poll(() => closed.length).toBe(1);
  });

  it('rejects at once with the reason when cancelled', async () => {
    const pending = request('/hang');
    const reason = new Error('caller went away');
    setTimeout(() => pending.cancel(reason), 30);
    await expect(pending.done).rejects.toBe(reason);
    await expect.poll(() => closed.length).toBe(2);
  });

  it('reports a refused connection as ConnectionError with the cause', async () => {
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const port = (spare.address() as AddressInfo).port;
    await new Promise<void>((resolve) => spare.close(() => resolve()));
    const error = await exchange({ origin: `http://127.0.0.1:${port}`, method: 'GET', path: '/', headers: [], timeoutMs: 2_000 }).done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).message).toMatch(/connection failed: .*ECONNREFUSED/);
  });
});
