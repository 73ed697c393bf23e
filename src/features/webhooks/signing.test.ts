import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, isWellFormedSecret, signedWebhookHeaders, signLegacy, signV1, verifyLegacy, verifyV1 } from './signing.js';

const secret = 'whsec_test_secret';
const body = '{"eventId":"evt_1","event":"uplift.measured"}';

describe('secrets', () => {
  it('are whsec_ + 43 base64url chars and unique', () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(isWellFormedSecret(a)).toBe(true);
    expect(Buffer.from(a.slice(6), 'base64url')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(a);
  });
});

describe('legacy scheme', () => {
  it('signs "<t>.<body>" with the secret string as key', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signLegacy(body, secret, 1700000000.9)).toBe(`t=1700000000,v1=${expected}`);
    expect(signLegacy(Buffer.from(body), secret, 1700000000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies within 5 minutes, either side, and not beyond', () => {
    const t = 1_700_000_000;
    const header = signLegacy(body, secret, t);
    expect(verifyLegacy(body, header, secret, { nowMs: (t + 300) * 1000 })).toEqual({ ok: true });
    expect(verifyLegacy(body, header, secret, { nowMs: (t - 300) * 1000 })).toEqual({ ok: true });
    expect(verifyLegacy(body, header, secret, { nowMs: (t + 301) * 1000 })).toMatchObject({ ok: false });
    expect(verifyLegacy(body, header, secret, { nowMs: (t + 3600) * 1000, toleranceSeconds: 7200 })).toEqual({ ok: true });
  });

  it('accepts any of several v1 entries (secret rotation) and refuses malformed headers', () => {
    const now = Date.now();
    const t = Math.floor(now / 1000);
    const good = signLegacy(body, secret, t).split(',')[1]!;
    const other = signLegacy(body, 'whsec_old', t).split(',')[1]!;
    expect(verifyLegacy(body, `t=${t},${other},${good}`, secret, { nowMs: now })).toEqual({ ok: true });
    for (const header of [undefined, '', `v1=${good.slice(3)}`, `t=abc,${good}`, `t=${t}`, `t=${t},v1=zz`, `t=${t},v0=${good.slice(3)}`]) {
      expect(verifyLegacy(body, header, secret, { nowMs: now }).ok, String(header)).toBe(false);
    }
  });

  it('never verifies a changed body or another secret (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (payload, suffix) => {
        const t = 1_700_000_000;
        const header = signLegacy(payload, secret, t);
        const opts = { nowMs: t * 1000 };
        return (
          verifyLegacy(payload, header, secret, opts).ok &&
          !verifyLegacy(payload + suffix, header, secret, opts).ok &&
          !verifyLegacy(payload, header, secret + suffix, opts).ok
        );
      }),
    );
  });
});

describe('v1 scheme', () => {
  it('signs the raw body', () => {
    const expected = createHmac('sha256', secret).update(body).digest('hex');
    expect(signV1(body, secret)).toBe(`sha256=${expected}`);
    expect(verifyV1(body, `sha256=${expected}`, secret)).toEqual({ ok: true });
    expect(verifyV1(body, `sha256=${expected.toUpperCase()}`, secret)).toEqual({ ok: true });
  });

  it('refuses mismatches and malformed headers', () => {
    const header = signV1(body, secret);
    expect(verifyV1(`${body} `, header, secret).ok).toBe(false);
    expect(verifyV1(body, header, 'whsec_other').ok).toBe(false);
    for (const bad of [undefined, '', 'sha1=abc', header.slice(0, -2), `${header}00`, header.replace('sha256=', '')]) {
      expect(verifyV1(body, bad, secret).ok, String(bad)).toBe(false);
    }
  });
});

describe('signedWebhookHeaders', () => {
  it('carries signature, event id and event name; legacy t is the attempt time', () => {
    const legacy = signedWebhookHeaders({ scheme: 'legacy', secret, body, eventId: 'evt_1', event: 'aeo.batch.completed', nowMs: 1_700_000_000_500 });
    expect(legacy).toEqual({
      'Content-Type': 'application/json; charset=utf-8',
      'X-Service-Signature': signLegacy(body, secret, 1_700_000_000),
      'X-Service-Event-Id': 'evt_1',
      'X-Service-Event': 'aeo.batch.completed',
    });
    const v1 = signedWebhookHeaders({ scheme: 'v1', secret, body, eventId: 'evt_2', event: 'uplift.measured' });
    expect(v1['X-Service-Signature']).toBe(signV1(body, secret));
  });
});
