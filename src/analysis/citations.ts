/**
 * Citations (measurement-rules.md §4): every http(s) URL in the text (plain, Markdown links,
 * autolinks, reference definitions) plus the platform's own citation list, in order of first
 * appearance. `url` is the URL EXACTLY as written (the evidence a customer can click and
 * dispute); a URL that repeats verbatim is listed once. Beside it, `normalizedUrl` is the key
 * aggregates group by (lower-case host, default port and fragment dropped, tracking parameters
 * removed, no trailing slash on a non-root path) and `domain` its registrable domain (tldts).
 *
 * Scheme-less hosts ("www.x.com", "huawei.com") are NOT citations (§4.1); they still hide brand
 * names from mention counting (see analyzer.ts).
 */
import { createRequire } from 'node:module';
import { sentenceAround } from './snippet.js';
import { findUrlSpans, trimUrlTail, type UrlSpan } from './urls.js';
import type { Citation } from './types.js';

/** Query parameters that only track the click, never change the page. */
const TRACKING_PARAMS = new Set([
  'gclid', 'dclid', 'fbclid', 'msclkid', 'yclid', 'twclid', 'ttclid', 'igshid', 'mc_cid', 'mc_eid',
  '_hsenc', '_hsmi', 'spm', 'ref_src', 'share_source', 'share_medium', 'si',
]);

/**
 * The grouping key of a URL, or null when it is not an absolute http(s) URL with a host. Never
 * shown as evidence: `Citation.url` keeps the URL as written.
 */
export function normalizeUrl(input: string): string | null {
  let raw = trimUrlTail(input.trim().replace(/^<|>$/g, ''));
  if (/^www\./i.test(raw)) raw = `https://${raw}`;
  else if (raw.startsWith('//')) raw = `https:${raw}`;
  if (!/^https?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.hostname.length === 0 || url.username !== '' || url.password !== '') return null;
  url.hash = '';
  if (url.search.length > 1) {
    const keys = [...url.searchParams.keys()];
    const drop = keys.filter((k) => /^utm_/i.test(k) || TRACKING_PARAMS.has(k.toLowerCase()));
    if (drop.length > 0) {
      for (const k of drop) url.searchParams.delete(k);
      if ([...url.searchParams.keys()].length === 0) url.search = '';
    }
  }
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  // One trailing-slash rule: "/pricing/" and "/pricing" are the same page; the root stays "/".
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) url.pathname = url.pathname.replace(/\/+$/, '') || '/';
  return url.href;
}

// tldts (the public suffix list) costs ~150 ms to load: loaded on the first citation only, so a
// cold `sightline analyze` of an answer without URLs never pays for it.
let getDomain: ((host: string) => string | null) | null = null;
function tldtsGetDomain(host: string): string | null {
  getDomain ??= (createRequire(import.meta.url)('tldts') as typeof import('tldts')).getDomain;
  return getDomain(host);
}

// Memo of host → registrable domain: answers cite the same few hosts over and over. Bounded, and
// a pure function of its key, so sharing it between calls changes no result.
const domainMemo = new Map<string, string>();
const DOMAIN_MEMO_MAX = 10_000;

/** Registrable domain (eTLD+1) via the public suffix list; the host itself for IPs/localhost. */
export function registrableDomain(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return '';
  }
  let domain = domainMemo.get(host);
  if (domain === undefined) {
    domain = tldtsGetDomain(host) ?? host;
    if (domainMemo.size >= DOMAIN_MEMO_MAX) domainMemo.clear();
    domainMemo.set(host, domain);
  }
  return domain;
}

/** Marker patterns of citations 1..MARKERS_KEPT, compiled once per process, not per answer (no `g` flag: no state). */
const markers: RegExp[] = [];
const MARKERS_KEPT = 100;

/** Sentence holding the `[n]` / `【n】` / `[^n]` / `[^n^]` marker of platform citation n. */
function markerContext(text: string, n: number): string {
  let marker = markers[n];
  if (marker === undefined) {
    marker = new RegExp(`(?:\\[\\^?${n}\\^?\\]|【${n}】)(?![(:])`);
    if (n <= MARKERS_KEPT) markers[n] = marker;
  }
  const m = marker.exec(text);
  return m === null ? '' : sentenceAround(text, m.index);
}

// Memo of a URL as written → its grouping key and domain (null: not a citation). Answers cite the
// same sources over and over, and each lookup would parse the URL twice (normalizeUrl, then
// registrableDomain). Bounded, and a pure function of its key, so sharing it changes no result.
const keyMemo = new Map<string, { normalizedUrl: string; domain: string } | null>();
const KEY_MEMO_MAX = 10_000;

function keyOf(url: string): { normalizedUrl: string; domain: string } | null {
  let keyed = keyMemo.get(url);
  if (keyed === undefined) {
    const normalizedUrl = normalizeUrl(url);
    const domain = normalizedUrl === null ? '' : registrableDomain(normalizedUrl);
    keyed = normalizedUrl === null || domain === '' ? null : { normalizedUrl, domain };
    if (keyMemo.size >= KEY_MEMO_MAX) keyMemo.clear();
    keyMemo.set(url, keyed);
  }
  return keyed;
}

export function citationsFrom(text: string, spans: readonly UrlSpan[], platformCitations: readonly unknown[] = []): Citation[] {
  const seen = new Set<string>();
  const out: Citation[] = [];
  const add = (raw: string, source: Citation['source'], context: () => string): void => {
    const url = raw.trim();
    if (seen.has(url)) return;
    const keyed = keyOf(url);
    if (keyed === null) return;
    seen.add(url);
    out.push({ url, normalizedUrl: keyed.normalizedUrl, domain: keyed.domain, context: context(), source });
  };
  for (const span of spans) {
    if (span.kind !== 'url') continue;
    add(span.raw, span.markdownTarget ? 'link' : 'text', () => sentenceAround(text, span.start));
  }
  platformCitations.forEach((entry, i) => {
    if (typeof entry === 'string' && /^https?:\/\//i.test(entry.trim())) add(entry, 'platform', () => markerContext(text, i + 1));
  });
  return out;
}

export function extractCitations(text: string, platformCitations?: string[]): Citation[] {
  const safe = typeof text === 'string' ? text : '';
  try {
    return citationsFrom(safe, findUrlSpans(safe), Array.isArray(platformCitations) ? platformCitations : []);
  } catch {
    return []; // never throw on any input: a bad URL is skipped, a broken scan yields none
  }
}
