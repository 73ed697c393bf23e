/**
 * Signatures checked by verifiers no one here wrote — Stripe's `webhooks.constructEvent` (legacy
 * scheme) and `@octokit/webhooks-methods` `verify` (v1 scheme) — on the bytes a local HTTPS
 * receiver (self-signed certificate, verification on) really received.
 */
import { verify as octokitVerify } from '@octokit/webhooks-methods';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEventBody, sampleEventData } from '../../../src/features/events/catalogue.js';
import { generateWebhookSecret, signedWebhookHeaders, verifyLegacy, verifyV1 } from '../../../src/features/webhooks/signing.js';
import { closeWebhookAgents, sendWebhook } from '../../../src/features/webhooks/transport.js';
import { startReceiver, stubLookup, testAgentOptions, type Receiver } from '../../support/webhook-receiver.js';

let receiver: Receiver;
const agentOptions = testAgentOptions();

beforeAll(async () => {
  receiver = await startReceiver((_req, res) => res.end('{"received":true}'));
});
afterAll(async () => {
  closeWebhookAgents();
  await receiver.close();
});

async function deliver(event: 'aeo.batch.completed' | 'sentinel.triggered', secret: string, brandId = 'brand_1') {
  const built = buildEventBody({ event, brandId, data: sampleEventData(event, brandId) });
  const scheme = built.set;
  const headers = signedWebhookHeaders({ scheme, secret, body: built.body, eventId: built.eventId, event });
  const result = await sendWebhook({
    url: receiver.url(),
    body: built.body,
    headers,
    allowPrivateNetworks: true,
    lookup: stubLookup(),
    agentOptions,
    timeoutMs: 5000,
  });
  expect(result).toMatchObject({ ok: true, status: 200, errorKind: null });
  const got = receiver.received.at(-1)!;
  return { built, got };
}

describe('legacy scheme (Stripe-style) verified by stripe.webhooks.constructEvent', () => {
  it('accepts a real delivery, with the header renamed to Stripe-Signature', async () => {
    const secret = generateWebhookSecret();
    const { built, got } = await deliver('aeo.batch.completed', secret);
    const header = got.headers['x-service-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(got.headers['x-service-event-id']).toBe(built.eventId);
    // Stripe parses exactly this "t=…,v1=…" format from its own header.
    const event = Stripe.webhooks.constructEvent(got.body, header, secret) as unknown as Record<string, unknown>;
    expect(event).toMatchObject({ eventId: built.eventId, event: 'aeo.batch.completed', brandId: 'brand_1' });
    expect(got.body.toString('utf8')).toBe(built.body);
    expect(verifyLegacy(got.body, header, secret)).toEqual({ ok: true });
  });

  it('is rejected by Stripe with the wrong secret, a changed body, or an old timestamp', async () => {
    const secret = generateWebhookSecret();
    const { got } = await deliver('aeo.batch.completed', secret);
    const header = got.headers['x-service-signature'] as string;
    expect(() => Stripe.webhooks.constructEvent(got.body, header, generateWebhookSecret())).toThrow();
    const tampered = Buffer.from(got.body.toString().replace('"successCount":9', '"successCount":10'));
    expect(() => Stripe.webhooks.constructEvent(tampered, header, secret)).toThrow();
    const sixMinutesLater = Date.now() + 6 * 60_000;
    expect(() => Stripe.webhooks.constructEvent(got.body, header, secret, 300, undefined, sixMinutesLater)).toThrow(/tolerance/);
    expect(verifyLegacy(got.body, header, secret, { nowMs: sixMinutesLater })).toEqual({ ok: false, reason: 'timestamp outside tolerance' });
  });
});

describe('v1 scheme (GitHub-style) verified by @octokit/webhooks-methods', () => {
  it('accepts a real delivery', async () => {
    const secret = generateWebhookSecret();
    const { built, got } = await deliver('sentinel.triggered', secret);
    const header = got.headers['x-service-signature'] as string;
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await octokitVerify(secret, got.body.toString('utf8'), header)).toBe(true);
    expect(verifyV1(got.body, header, secret)).toEqual({ ok: true });
    const body = JSON.parse(got.body.toString('utf8')) as Record<string, unknown>;
    expect(body).toMatchObject({ eventId: built.eventId, event: 'sentinel.triggered', brandId: 'brand_1' });
    expect(body.data).toMatchObject({ brandId: 'brand_1', incidentId: 'inc_test', severity: 'high' });
  });

  it('is rejected by octokit with the wrong secret or a changed body', async () => {
    const secret = generateWebhookSecret();
    const { got } = await deliver('sentinel.triggered', secret);
    const header = got.headers['x-service-signature'] as string;
    expect(await octokitVerify(generateWebhookSecret(), got.body.toString('utf8'), header)).toBe(false);
    expect(await octokitVerify(secret, got.body.toString('utf8').replace('high', 'low'), header)).toBe(false);
  });
});

describe('non-ASCII bodies are signed as the UTF-8 bytes sent', () => {
  it('verifies a body with Chinese text through both verifiers', async () => {
    const secret = generateWebhookSecret();
    const data = { ...sampleEventData('sentinel.triggered', 'brand_中'), title: '负面舆情激增 — “测试”' };
    const built = buildEventBody({ event: 'sentinel.triggered', brandId: 'brand_中', data });
    const headers = signedWebhookHeaders({ scheme: 'v1', secret, body: built.body, eventId: built.eventId, event: built.event });
    const result = await sendWebhook({ url: receiver.url(), body: built.body, headers, allowPrivateNetworks: true, lookup: stubLookup(), agentOptions });
    expect(result.ok).toBe(true);
    const got = receiver.received.at(-1)!;
    expect(await octokitVerify(secret, got.body.toString('utf8'), got.headers['x-service-signature'] as string)).toBe(true);
  });
});
