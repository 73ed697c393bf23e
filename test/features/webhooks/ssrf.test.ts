/**
 * SSRF end to end: what sendWebhook refuses before connecting, that it connects only to the
 * address it validated, and that redirects towards internal addresses go nowhere. Every name is
 * answered by an injected resolver, so no test touches a non-loopback address.
 */
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { LookupAll } from '../../../src/lib/net-guard.js';
import { normalizeWebhookUrl } from '../../../src/features/webhooks/url-rules.js';
import { closeWebhookAgents, sendWebhook, type SendWebhookInput } from '../../../src/features/webhooks/transport.js';
import { startReceiver, stubLookup, testAgentOptions, testCertificate, type Receiver } from '../../support/webhook-receiver.js';

const agentOptions = testAgentOptions();
const open: Receiver[] = [];
afterEach(async () => {
  closeWebhookAgents();
  await Promise.all(open.splice(0).map((r) => r.close()));
});
afterAll(() => closeWebhookAgents());

async function receiver(handler?: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(handler);
  open.push(r);
  return r;
}

const send = (url: string, extra: Partial<SendWebhookInput>) =>
  sendWebhook({ url, body: '{}', headers: {}, allowPrivateNetworks: false, agentOptions, timeoutMs: 5000, ...extra });

describe('refused before any connection', () => {
  it('a host name resolving to a private address', async () => {
    const r = await receiver();
    const result = await send(`https://hooks.sightline.test:${r.port}/x`, { lookup: stubLookup({ 'hooks.sightline.test': ['127.0.0.1'] }) });
    expect(result).toMatchObject({ ok: false, status: null, errorKind: 'blocked_address' });
    expect(result.error).toBe('hooks.sightline.test resolves to 127.0.0.1, which is not allowed: loopback 127.0.0.0/8');
    expect(r.received).toHaveLength(0);
  });

  it('a host name resolving to one public and one private address', async () => {
    const r = await receiver();
    const lookup = stubLookup({ 'hooks.sightline.test': ['93.184.216.34', '127.0.0.1'] });
    const result = await send(`https://hooks.sightline.test:${r.port}/x`, { lookup });
    expect(result).toMatchObject({ ok: false, errorKind: 'blocked_address' });
    expect(r.received).toHaveLength(0);
  });

  it.each([
    ['10.0.0.1'],
    ['169.254.169.254'],
    ['::ffff:169.254.169.254'],
    ['64:ff9b::a9fe:a9fe'],
    ['fd00::1'],
  ])('a host name resolving to %s', async (address) => {
    const result = await send('https://hooks.sightline.test/x', { lookup: stubLookup({ 'hooks.sightline.test': [address] }) });
    expect(result).toMatchObject({ ok: false, errorKind: 'blocked_address' });
  });

  it('literal addresses in the URL, in every spelling', async () => {
    const r = await receiver();
    const lookup = stubLookup();
    for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '2130706433', '0x7f.1']) {
      const result = await send(`https://${host}:${r.port}/x`, { lookup });
      expect(result.errorKind, host).toBe('blocked_address');
    }
    expect(lookup.calls).toHaveLength(0);
    expect(r.received).toHaveLength(0);
  });

  it('http:// and an over-long host name are refused at creation', () => {
    expect(normalizeWebhookUrl('http://hooks.example.com/x', { allowPrivateNetworks: false })).toMatchObject({ ok: false });
    const longName = `${'a'.repeat(63)}.`.repeat(4) + 'com';
    expect(normalizeWebhookUrl(`https://${longName}/x`, { allowPrivateNetworks: false })).toMatchObject({ ok: false, message: expect.stringContaining('253') });
  });
});

describe('allowPrivateNetworks', () => {
  it('lifts the block (tests and local development only)', async () => {
    const r = await receiver();
    const result = await send(`https://hooks.sightline.test:${r.port}/x`, {
      allowPrivateNetworks: true,
      lookup: stubLookup({ 'hooks.sightline.test': ['127.0.0.1'] }),
    });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(r.received).toHaveLength(1);
  });
});

describe('connects only to the validated address', () => {
  it('a resolver that answers differently the second time does not change where it connects', async () => {
    // Two receivers on the same port: 127.0.0.1 (validated answer) and 127.0.0.2 (the "rebound"
    // answer). If anything resolved the name again, the request would land on the second one.
    const { key, cert } = testCertificate();
    const hits: string[] = [];
    const first = createServer({ key, cert }, (req, res) => {
      hits.push(`first:${req.socket.localAddress}`);
      res.end('ok');
    });
    await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', resolve));
    const port = (first.address() as AddressInfo).port;
    const second = createServer({ key, cert }, (_req, res) => {
      hits.push('second');
      res.end('ok');
    });
    await new Promise<void>((resolve, reject) => second.once('error', reject).listen(port, '127.0.0.2', resolve));
    let calls = 0;
    const rebinding: LookupAll = async () => [{ address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    try {
      for (let i = 0; i < 3; i++) {
        closeWebhookAgents(); // no connection reuse: every attempt resolves and connects afresh
        calls = 0;
        const result = await send(`https://rebind.sightline.test:${port}/x`, { allowPrivateNetworks: true, lookup: rebinding });
        expect(result).toMatchObject({ ok: true });
        expect(calls).toBe(1); // resolved exactly once, by the guard
      }
      expect(hits).toEqual(['first:127.0.0.1', 'first:127.0.0.1', 'first:127.0.0.1']);
    } finally {
      first.closeAllConnections();
      second.closeAllConnections();
      await Promise.all([new Promise((r) => first.close(r)), new Promise((r) => second.close(r))]);
    }
  });
});

describe('redirects', () => {
  it('a redirect to a private address (cloud metadata) is not followed', async () => {
    const r = await receiver((_req, res) => res.writeHead(307, { Location: 'https://169.254.169.254/latest/meta-data/' }).end());
    const lookup = stubLookup();
    const result = await send(r.url(), { allowPrivateNetworks: true, lookup });
    expect(result).toMatchObject({ ok: false, status: 307, errorKind: 'redirect' });
    expect(result.error).toContain('169.254.169.254');
    expect(lookup.calls).toEqual(['localhost']); // nothing else was resolved or contacted
  });
});
