/**
 * Citations: every http(s) URL in the text (plain, Markdown links, autolinks, reference
 * definitions, "www." hosts) plus the platform's own citation list, normalised and deduplicated
 * (first occurrence wins, document order, then platform order).
 *
 * Scheme-less bare domains ("huawei.com") are NOT citations: file names such as README.md or
 * setup.py look the same; they still hide brand names from mention counting (see analyzer.ts).
 */
import { getDomain } from 'tldts';
import { sentenceAround } from './snippet.js';
import { findUrlSpans, trimUrlTail, type UrlSpan } from './urls.js';
import type { Citation } from './types.js';

/** Query parameters that only track the click, never change the page. */
const TRACKING_PARAMS = new Set([
  'gclid', 'dclid', 'fbclid', 'msclkid', 'yclid', 'twclid', 'ttclid', 'igshid', 'mc_cid', 'mc_eid',
  '_hsenc', '_hsmi', 'spm', 'ref_src', 'share_source', 'share_medium', 'si',
]);

/** Canonical form of a URL, or null when it is not an absolute http(s) URL with a host. */
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
  return url.href;
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
    domain = getDomain(host) ?? host;
    if (domainMemo.size >= DOMAIN_MEMO_MAX) domainMemo.clear();
    domainMemo.set(host, domain);
  }
  return domain;
}

/** Sentence holding the `[n]` / `【n】` / `[^n]` / `[^n^]` marker of platform citation n. */
function markerContext(text: string, n: number): string {
  const marker = new RegExp(`(?:\\[\\^?${n}\\^?\\]|【${n}】)(?![(:])`);
  const m = marker.exec(text);
  return m === null ? '' : sentenceAround(text, m.index);
}

export function citationsFrom(text: string, spans: readonly UrlSpan[], platformCitations: readonly unknown[] = []): Citation[] {
  const seen = new Set<string>();
  const out: Citation[] = [];
  const add = (raw: string, source: Citation['source'], context: () => string): void => {
    const url = normalizeUrl(raw);
    if (url === null || seen.has(url)) return;
    const domain = registrableDomain(url);
    if (domain === '') return;
    seen.add(url);
    out.push({ url, domain, context: context(), source });
  };
  for (const span of spans) {
    if (span.kind === 'email' || span.kind === 'bare') continue;
    add(span.raw, span.markdownTarget ? 'link' : 'text', () => sentenceAround(text, span.start));
  }
  platformCitations.forEach((entry, i) => {
    if (typeof entry === 'string') add(entry, 'platform', () => markerContext(text, i + 1));
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
