/**
 * API key formats. Each key ends with a checksum of the rest, so a mistyped or truncated key
 * is refused from its text alone, before any database lookup (like GitHub's token CRC).
 *   legacy: service_<20 hex random><4 hex checksum>   (the spec's `service_<24 hex>`, 80 random bits)
 *   v1:     sk_live_<32 base62 random><6 base62 checksum>   (sk_test_… for test mode, ~190 random bits)
 * Only SHA-256 of the whole key is stored: the keys are random, so a slow hash adds nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

export type KeyType = 'legacy' | 'v1';
export type KeyMode = 'live' | 'test';

export const LEGACY_PREFIX = 'service_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LEGACY_RE = /^service_([0-9a-f]{20})([0-9a-f]{4})$/;
const V1_RE = /^sk_(live|test)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

function base62(bytesNeeded: number): string {
  let out = '';
  while (out.length < bytesNeeded) {
    for (const byte of randomBytes(bytesNeeded * 2)) {
      // 248 = 4 × 62: rejecting higher bytes keeps every character equally likely.
      if (byte < 248 && out.length < bytesNeeded) out += BASE62[byte % 62];
    }
  }
  return out;
}

function toBase62(value: number, width: number): string {
  let out = '';
  for (let v = value; v > 0; v = Math.floor(v / 62)) out = BASE62[v % 62] + out;
  return out.padStart(width, '0');
}

const legacyChecksum = (head: string) => (crc32(head) & 0xffff).toString(16).padStart(4, '0');
const v1Checksum = (head: string) => toBase62(crc32(head), 6);

export function generateKey(type: KeyType, mode: KeyMode = 'live'): string {
  if (type === 'legacy') {
    const head = LEGACY_PREFIX + randomBytes(10).toString('hex');
    return head + legacyChecksum(head);
  }
  const head = `sk_${mode}_${base62(32)}`;
  return head + v1Checksum(head);
}

export type ParsedKey =
  | { ok: true; type: 'legacy'; mode: null }
  | { ok: true; type: 'v1'; mode: KeyMode }
  | { ok: false; reason: 'format' | 'checksum'; looksLike: KeyType | null };

/** Recognises a key by its text alone (format and checksum); no I/O. */
export function parseKey(raw: string): ParsedKey {
  const legacy = LEGACY_RE.exec(raw);
  if (legacy) {
    return legacyChecksum(LEGACY_PREFIX + legacy[1]) === legacy[2]
      ? { ok: true, type: 'legacy', mode: null }
      : { ok: false, reason: 'checksum', looksLike: 'legacy' };
  }
  const v1 = V1_RE.exec(raw);
  if (v1) {
    const head = `sk_${v1[1]}_${v1[2]}`;
    return v1Checksum(head) === v1[3]
      ? { ok: true, type: 'v1', mode: v1[1] as KeyMode }
      : { ok: false, reason: 'checksum', looksLike: 'v1' };
  }
  const looksLike = raw.startsWith(LEGACY_PREFIX) ? 'legacy' : /^sk_(live|test)_/.test(raw) ? 'v1' : null;
  return { ok: false, reason: 'format', looksLike };
}

export function hashKey(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** What is shown in lists: enough to recognise a key, far too little to use it. */
export function displayPrefix(raw: string): string {
  return raw.slice(0, 12);
}
