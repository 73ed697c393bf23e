/**
 * Finding URLs in answer text (original-text coordinates).
 *
 * Four anchored scanners: scheme URLs (http/https), "www." hosts, bare domains with a common TLD
 * (only used to hide names inside "huawei.com", never cited) and e-mail addresses (likewise).
 * The URL as written follows measurement-rules.md §4 exactly: the body is printable ASCII and
 * stops at whitespace, at any non-ASCII character (Chinese text, full-width punctuation), at
 * `<`, `>`, `"`, a backtick, `[` or `]`; trailing `. , ; : ! ? ' " * _ ~` are dropped and a
 * trailing `)` only when unbalanced. So "详见https://a.com/x。更多" yields https://a.com/x and
 * `[1](https://a.com)[2](https://b.com)` yields two URLs. For MASKING names (not for the
 * citation) the span still runs on where an IRI path plainly continues in CJK
 * ("https://zh.wikipedia.org/wiki/华为": 华为 there is part of an address, not a mention).
 *
 * linkify-it did the same job but measured ~20% of the whole pipeline's time (bench/README.md);
 * these scanners cover the cases the fixtures and property tests exercise at a fraction of that.
 */
import type { Span } from './types.js';

export interface UrlSpan extends Span {
  /** The URL as written (§4: trailing punctuation and Markdown emphasis removed, nothing else). */
  raw: string;
  /** url: has a scheme; www: scheme-less "www." host; bare: scheme-less domain; email. */
  kind: 'url' | 'www' | 'bare' | 'email';
  /** True when this is the target of Markdown link syntax: `](url)`, `<url>` or `[id]: url`. */
  markdownTarget: boolean;
}

// Printable ASCII except the §4 terminators (whitespace, < > " ` [ ]).
const BODY = '[!#-;=?-Z\\\\^_a-z{-~]';
const TLDS = 'com|net|org|cn|io|ai|co|dev|app|me|info|edu|gov|uk|de|fr|jp|hk|tw|sg|us|tv|xyz|top|site|online|store|tech';
const SCANNERS: ReadonlyArray<{ kind: UrlSpan['kind']; re: RegExp }> = [
  { kind: 'url', re: new RegExp(`(?<![a-z0-9+.-])https?://${BODY}+`, 'gi') },
  { kind: 'www', re: new RegExp(`(?<![a-z0-9.@/-])www\\.${BODY}+`, 'gi') },
  { kind: 'email', re: /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi },
  {
    kind: 'bare',
    re: new RegExp(`(?<![a-z0-9.@/_-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+(?:${TLDS})(?![a-z0-9-])(?:/${BODY}*)?`, 'gi'),
  },
];
// Cheap gate for the bare-domain scanner (its look-behind is costly at every position).
const BARE_TLD = new RegExp(`\\.(?:${TLDS})(?![a-z0-9-])`, 'i');
const TRAILING_JUNK = new Set([...'*_~\'".,;:!?']);

function isCjk(c: number): boolean {
  return (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0x3040 && c <= 0x30ff);
}

function count(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i >= 0; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

/** Strip trailing punctuation and unbalanced closing brackets that are not part of the URL. */
export function trimUrlTail(raw: string): string {
  let s = raw;
  for (;;) {
    const last = s.slice(-1);
    if (last === '') return s;
    if (TRAILING_JUNK.has(last)) {
      s = s.slice(0, -1);
      continue;
    }
    if (last === ')' && count(s, ')') > count(s, '(')) {
      s = s.slice(0, -1);
      continue;
    }
    return s;
  }
}

/** The URL up to the first unbalanced `)`, kept only when balanced inside ("Jaguar_(animal)"). */
function closeLinkTarget(url: string): string {
  let depth = 0;
  for (let i = 0; i < url.length; i++) {
    if (url[i] === '(') depth++;
    else if (url[i] === ')') {
      if (depth === 0) return url.slice(0, i);
      depth--;
    }
  }
  return url;
}

function extendIri(text: string, start: number, end: number): number {
  const url = text.slice(start, end);
  const schemeEnd = url.indexOf('//');
  if (schemeEnd < 0 || url.indexOf('/', schemeEnd + 2) < 0) return end; // no path: host ends here
  let j = end;
  while (j < text.length && isCjk(text.charCodeAt(j))) {
    const prev = text[j - 1] ?? '';
    if (!('/=-_'.includes(prev) || isCjk(prev.charCodeAt(0)))) break;
    j++;
  }
  return j;
}

function isMarkdownTarget(text: string, start: number): boolean {
  if (start >= 2 && text.slice(start - 2, start) === '](') return true;
  if (start >= 1 && text[start - 1] === '<') return true;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  return /^[ \t]*\[[^\]\n]+\]:[ \t]*$/.test(text.slice(lineStart, start));
}

function mayHoldAddress(text: string): boolean {
  return text.includes('://') || text.includes('www.') || text.includes('@') || text.includes('.');
}

export function findUrlSpans(text: string): UrlSpan[] {
  if (!mayHoldAddress(text)) return [];
  const spans: UrlSpan[] = [];
  const covered = (at: number): boolean => spans.some((s) => at >= s.start && at < s.end);
  for (const { kind, re } of SCANNERS) {
    if (kind === 'url' && !text.includes('://')) continue;
    if (kind === 'www' && !text.includes('www.')) continue;
    if (kind === 'email' && !text.includes('@')) continue;
    if (kind === 'bare' && !BARE_TLD.test(text)) continue;
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (covered(m.index)) continue;
      // A Markdown link target ends at the `)` that closes the link (§4.4), whatever follows it
      // ("[Dyson](https://dyson.com/v)**'s" → https://dyson.com/v).
      const raw = trimUrlTail(isMarkdownTarget(text, m.index) ? closeLinkTarget(m[0]) : m[0]);
      if (raw.length === 0 || (kind === 'url' && !/^https?:\/\/[^/]*[a-z0-9]/i.test(raw))) continue;
      let end = m.index + raw.length;
      // Masking only: a CJK path segment right after the URL is still part of the address.
      if (kind === 'url' && raw.length === m[0].length) end = extendIri(text, m.index, end);
      spans.push({ start: m.index, end, raw, kind, markdownTarget: isMarkdownTarget(text, m.index) });
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

/**
 * Markdown link destinations and reference definitions, including relative ones
 * (`[华为](/brands/huawei)`): a name there is part of an address, not a mention.
 */
export function findLinkTargetSpans(text: string): Span[] {
  const spans: Span[] = [];
  if (text.includes('](')) {
    const inline = /\]\(\s*<?([^)\s>]*)/g;
    for (let m = inline.exec(text); m !== null; m = inline.exec(text)) {
      const dest = m[1] ?? '';
      const start = m.index + m[0].length - dest.length;
      spans.push({ start, end: start + dest.length });
    }
  }
  if (text.includes(']:')) {
    const def = /^[ \t]*\[[^\]\n]+\]:[ \t]*<?(\S+?)>?(?=[ \t]|$)/gm;
    for (let m = def.exec(text); m !== null; m = def.exec(text)) {
      const dest = m[1] ?? '';
      const start = m.index + m[0].length - dest.length - (m[0].endsWith('>') ? 1 : 0);
      spans.push({ start, end: start + dest.length });
    }
  }
  return spans;
}
