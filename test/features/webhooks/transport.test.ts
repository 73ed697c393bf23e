/**
 * sendWebhook against real local HTTPS receivers (self-signed certificate trusted through `ca`,
 * verification left on). Timing bounds are generous: the suite runs on a busy 2-core machine.
 */
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeWebhookAgents, parseRetryAfter, sendWebhook, SNIPPET_BYTES, type SendWebhookInput } from '../../../src/features/webhooks/transport.js';
import { startReceiver, stubLookup, testAgentOptions, type Handler, type Receiver } from '../../support/webhook-receiver.js';

const agentOptions = testAgentOptions();
const open: Receiver[] = [];

async function receiver(handler?: Handler): Promise<Receiver> {
  const r = await startReceiver(handler);
  open.push(r);
  return r;
}

function send(url: string, extra: Partial<SendWebhookInput> = {}) {
  return sendWebhook({
    url,
    body: '{"hello":"world"}',
    headers: { 'Content-Type': 'application/json' },
    allowPrivateNetworks: true,
    lookup: stubLookup(),
    agentOptions,
    timeoutMs: 5000,
    ...extra,
  });
}

afterEach(async () => {
  closeWebhookAgents();
  await Promise.all(open.splice(0).map((r) => r.close()));
});
afterAll(() => closeWebhookAgents());

describe('sendWebhook outcomes', () => {
  it('2xx is success, with the body and headers delivered as given', async () => {
    const r = await receiver((_req, res) => res.writeHead(204).end());
    const result = await send(r.url('/in?x=1'), { headers: { 'X-Test': 'yes' } });
    expect(result).toMatchObject({ ok: true, status: 204, error: null, errorKind: null, retryAfterMs: null });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(r.received[0]).toMatchObject({ method: 'POST', url: '/in?x=1' });
    expect(r.received[0]!.headers['x-test']).toBe('yes');
    expect(r.received[0]!.headers['content-length']).toBe('17');
    expect(r.received[0]!.headers['user-agent']).toMatch(/^Sightline-Webhooks\//);
    expect(r.received[0]!.body.toString()).toBe('{"hello":"world"}');
  });

  it('500 is a failure that keeps the status and the reply', async () => {
    const r = await receiver((_req, res) => res.writeHead(500).end('database down'));
    const result = await send(r.url());
    expect(result).toMatchObject({ ok: false, status: 500, errorKind: 'http_status', error: 'HTTP 500', responseSnippet: 'database down' });
  });

  it('parses Retry-After (seconds and HTTP-date)', async () => {
    const r = await receiver((_req, res) => res.writeHead(429, { 'Retry-After': '120' }).end());
    expect(await send(r.url())).toMatchObject({ ok: false, status: 429, retryAfterMs: 120_000 });
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it('3xx is a failure and the redirect is not followed', async () => {
    const target = await receiver();
    const r = await receiver((_req, res) => res.writeHead(302, { Location: target.url('/elsewhere') }).end());
    const result = await send(r.url());
    expect(result).toMatchObject({ ok: false, status: 302, errorKind: 'redirect' });
    expect(result.error).toContain('/elsewhere');
    expect(target.received).toHaveLength(0);
  });

  it('times out on a receiver that never answers, within the budget', async () => {
    const r = await receiver(() => undefined);
    const result = await send(r.url(), { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, status: null, errorKind: 'timeout' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(290);
    expect(result.latencyMs).toBeLessThan(3000);
  });

  it('times out on a receiver that sends headers but never finishes the body', async () => {
    const r = await receiver((_req, res) => {
      res.writeHead(200);
      res.write('partial');
    });
    const result = await send(r.url(), { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, errorKind: 'timeout' });
  });

  it('the budget covers DNS too: a resolver that never answers times out', async () => {
    const result = await send('https://hooks.sightline.test/x', { timeoutMs: 200, lookup: () => new Promise(() => undefined) });
    expect(result).toMatchObject({ ok: false, errorKind: 'timeout' });
  });

  it('a DNS failure is a connection error naming the code', async () => {
    const lookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND hooks.sightline.test'), { code: 'ENOTFOUND' });
    };
    const result = await send('https://hooks.sightline.test/x', { lookup });
    expect(result).toMatchObject({ ok: false, errorKind: 'connection' });
    expect(result.error).toMatch(/^DNS: ENOTFOUND/);
  });

  it('reports a refused connection', async () => {
    // Take a free port, then close it so nothing listens there.
    const probe = createNetServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const result = await send(`https://localhost:${port}/hook`);
    expect(result).toMatchObject({ ok: false, status: null, errorKind: 'connection' });
    expect(result.error).toContain('ECONNREFUSED');
  });

  it('keeps certificate verification on: an untrusted certificate is a connection error', async () => {
    const r = await receiver();
    const result = await send(r.url(), { agentOptions: {} });
    expect(result).toMatchObject({ ok: false, errorKind: 'connection' });
    expect(result.error).toMatch(/self[- ]signed|certificate/i);
    expect(r.received).toHaveLength(0);
  });

  it('bounds the snippet to 1 KB without splitting a character, and survives a huge body', async () => {
    const big = '测'.repeat(5000); // 3 bytes each: 1024 is not a character boundary
    const r = await receiver((_req, res) => res.writeHead(400).end(big));
    const result = await send(r.url());
    expect(Buffer.byteLength(result.responseSnippet)).toBeLessThanOrEqual(SNIPPET_BYTES);
    expect(result.responseSnippet).toBe('测'.repeat(341));
    const huge = await receiver((_req, res) => res.writeHead(500).end(Buffer.alloc(2 * 1024 * 1024, 'a')));
    const hugeResult = await send(huge.url());
    expect(hugeResult).toMatchObject({ ok: false, status: 500 });
    expect(hugeResult.responseSnippet).toHaveLength(SNIPPET_BYTES);
  });

  it('refuses a non-HTTPS URL without connecting', async () => {
    expect(await send('http://localhost:1/hook')).toMatchObject({ ok: false, errorKind: 'connection', error: 'refusing non-HTTPS URL (http:)' });
  });
});

describe('connections', () => {
  it('reuses a keep-alive connection for consecutive deliveries to one origin', async () => {
    const r = await receiver();
    let connections = 0;
    r.server.on('secureConnection', () => connections++);
    for (let i = 0; i < 5; i++) expect((await send(r.url())).ok).toBe(true);
    expect(connections).toBe(1);
  });

  it('a receiver that never answers does not delay deliveries to another', async () => {
    const stuck = await receiver(() => undefined);
    const fast = await receiver();
    // The property is the order, not a wall-clock figure (CI machines are loaded): every delivery to
    // the healthy receiver is done before the first delivery to the stuck one has given up.
    let firstStuckSettled = Number.POSITIVE_INFINITY;
    const stuckDeliveries = Array.from({ length: 80 }, () =>
      send(stuck.url(), { timeoutMs: 8000 }).then((result) => {
        firstStuckSettled = Math.min(firstStuckSettled, performance.now());
        return result;
      }),
    );
    const fastResults = await Promise.all(Array.from({ length: 40 }, () => send(fast.url())));
    const fastDone = performance.now();
    expect(fastResults.every((x) => x.ok)).toBe(true);
    const stuckResults = await Promise.all(stuckDeliveries);
    expect(fastDone).toBeLessThan(firstStuckSettled);
    expect(stuckResults.every((x) => x.errorKind === 'timeout')).toBe(true);
  });
});
