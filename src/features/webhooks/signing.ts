/**
 * Webhook signatures, both schemes of the spec, plus the verifiers shown to receivers in
 * docs/webhooks.md. The HMAC key is the secret string exactly as shown to the user (UTF-8 bytes,
 * `whsec_` prefix included) — the convention of Stripe and GitHub, so their stock verifiers
 * (`stripe.webhooks.constructEvent`, `@octokit/webhooks-methods` verify) work unchanged.
 *
 *  legacy: X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">  (Stripe)
 *  v1:     X-Service-Signature: sha256=<hex HMAC-SHA256 of raw body>                      (GitHub)
 *
 * Always sign the exact bytes that go on the wire: callers serialise the body once and pass the
 * same string/Buffer to the signer and to the transport.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type SignatureScheme = 'legacy' | 'v1';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const EVENT_ID_HEADER = 'X-Service-Event-Id';
export const EVENT_NAME_HEADER = 'X-Service-Event';
/** Receivers should refuse legacy signatures whose timestamp is further than this from now. */
export const LEGACY_TOLERANCE_SECONDS = 300;

const SECRET_PREFIX = 'whsec_';

/** `whsec_` + 32 random bytes in base64url (43 chars): 256 bits, URL/header/JSON-safe. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

export function isWellFormedSecret(secret: string): boolean {
  return /^whsec_[A-Za-z0-9_-]{43}$/.test(secret);
}

function hmacHex(secret: string, ...parts: (string | Buffer)[]): string {
  const mac = createHmac('sha256', secret);
  for (const part of parts) mac.update(part);
  return mac.digest('hex');
}

/** Constant-time comparison of two hex digests; unequal lengths or non-hex compare false. */
function hexEqual(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(givenHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex, 'hex'));
}

/** Legacy header value for `body` signed at `timestampSeconds`. */
export function signLegacy(body: string | Buffer, secret: string, timestampSeconds: number): string {
  const t = Math.floor(timestampSeconds);
  return `t=${t},v1=${hmacHex(secret, `${t}.`, body)}`;
}

/** v1 header value for `body`. */
export function signV1(body: string | Buffer, secret: string): string {
  return `sha256=${hmacHex(secret, body)}`;
}

export type VerifyResult = { ok: true } | { ok: false; reason: string };

export interface LegacyVerifyOptions {
  /** Seconds either side of now a timestamp may be; default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** Current time in ms; injectable for tests. */
  nowMs?: number;
}

/**
 * Verify a legacy header. Several `v1=` entries are accepted (a sender rotating secrets may send
 * one per secret, as Stripe does); any one matching suffices. Old and far-future timestamps are
 * refused so a captured delivery cannot be replayed later.
 */
export function verifyLegacy(
  body: string | Buffer,
  header: string | undefined,
  secret: string,
  options: LegacyVerifyOptions = {},
): VerifyResult {
  if (!header) return { ok: false, reason: 'missing signature header' };
  let t: string | undefined;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === 't') t = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (t === undefined || !/^\d{1,12}$/.test(t)) return { ok: false, reason: 'missing or malformed timestamp' };
  if (signatures.length === 0) return { ok: false, reason: 'no v1 signature' };
  const tolerance = options.toleranceSeconds ?? LEGACY_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.nowMs ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - Number(t)) > tolerance) return { ok: false, reason: 'timestamp outside tolerance' };
  const expected = hmacHex(secret, `${t}.`, body);
  // Compare against every candidate (no early exit), so timing does not reveal which matched.
  let matched = false;
  for (const candidate of signatures) matched = hexEqual(expected, candidate) || matched;
  return matched ? { ok: true } : { ok: false, reason: 'signature mismatch' };
}

/** Verify a v1 header (`sha256=<hex>`). */
export function verifyV1(body: string | Buffer, header: string | undefined, secret: string): VerifyResult {
  if (!header) return { ok: false, reason: 'missing signature header' };
  const match = /^sha256=([0-9a-fA-F]+)$/.exec(header.trim());
  if (!match) return { ok: false, reason: 'malformed signature header' };
  return hexEqual(hmacHex(secret, body), match[1] as string) ? { ok: true } : { ok: false, reason: 'signature mismatch' };
}

export interface SignedHeadersInput {
  scheme: SignatureScheme;
  secret: string;
  /** The exact bytes that will be sent. */
  body: string | Buffer;
  eventId: string;
  event: string;
  /** Signing time in ms (legacy `t`); defaults to now. Re-sign on every attempt, not once. */
  nowMs?: number;
}

/**
 * All headers of one signed delivery attempt. The legacy timestamp is the time of the attempt,
 * so a retry hours later still passes the receiver's 5-minute window; the eventId stays the same.
 */
export function signedWebhookHeaders(input: SignedHeadersInput): Record<string, string> {
  const signature =
    input.scheme === 'legacy'
      ? signLegacy(input.body, input.secret, (input.nowMs ?? Date.now()) / 1000)
      : signV1(input.body, input.secret);
  return {
    'Content-Type': 'application/json; charset=utf-8',
    [SIGNATURE_HEADER]: signature,
    [EVENT_ID_HEADER]: input.eventId,
    [EVENT_NAME_HEADER]: input.event,
  };
}
