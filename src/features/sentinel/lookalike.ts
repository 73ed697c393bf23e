/**
 * Impersonation by domain: is a cited or named domain a lookalike of the brand's own website or
 * name? Pure functions. Four kinds, strongest first (docs/metrics.md, "Sentinel"):
 *  - homoglyph: a different spelling that reads the same (Cyrillic а for a, rn for m, 0 for o);
 *  - combosquat: the brand plus a lure word (acme-official, acmesupport, acme-login);
 *  - typosquat: one edit away (two for long names): a missing, extra, swapped or changed letter;
 *  - tld_swap: the exact brand label under another suffix (acme.co for acme.com) — often the
 *    brand's own regional site, hence low severity.
 * Social handles are judged with the same rules (`imitationOf`, used by accounts.ts).
 */
import { domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import type { IncidentSeverity } from '../../db/schema/intelligence.js';

export type LookalikeKind = 'homoglyph' | 'combosquat' | 'typosquat' | 'tld_swap';

export const LOOKALIKE_SEVERITY: Record<LookalikeKind, IncidentSeverity> = {
  homoglyph: 'high',
  combosquat: 'medium',
  typosquat: 'medium',
  tld_swap: 'low',
};

/** Labels shorter than this are too common to call a near-miss an imitation (e.g. "abc"). */
export const MIN_LABEL_LENGTH = 4;

const LURES = ['official', 'login', 'support', 'secure', 'verify', 'account', 'help', 'service', 'app', 'shop', 'store', 'sale', 'outlet', 'vip', 'gift', 'promo', 'cn', 'hk', 'online', 'web'];

// Letters that render (nearly) the same as a Latin letter: Cyrillic, Greek, digits and symbols.
const CONFUSABLE: Record<string, string> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', һ: 'h', ԛ: 'q', ԝ: 'w', к: 'k', м: 'm', т: 't', в: 'b', н: 'h',
  α: 'a', ο: 'o', ν: 'v', ι: 'i', κ: 'k', τ: 't', ρ: 'p', ε: 'e', υ: 'u', χ: 'x',
  ɡ: 'g', ı: 'i', '0': 'o', '1': 'l', '3': 'e', '5': 's', '|': 'l', '!': 'l',
};

/** What a label looks like to a reader: confusables folded, rn→m, vv→w, i/l merged, hyphens dropped. */
export function skeleton(label: string): string {
  const folded = [...label.normalize('NFKC').toLowerCase()].map((ch) => CONFUSABLE[ch] ?? ch).join('');
  return folded.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/cl/g, 'd').replace(/i/g, 'l').replace(/-/g, '');
}

/** Optimal-string-alignment distance (Damerau–Levenshtein with adjacent swaps). */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[s.length]![t.length]!;
}

export interface BrandIdentity {
  /** The brand's own registrable domain (from its website), if any. */
  ownDomain: string | null;
  /** Latin labels the brand is known by: the website label and ASCII names/aliases, lowercased. */
  labels: string[];
}

/** The identity to protect: website label plus names and aliases written in Latin letters. */
export function brandIdentity(brand: { name: string; aliases: readonly string[]; website: string | null }): BrandIdentity {
  const labels = new Set<string>();
  let ownDomain: string | null = null;
  if (brand.website) {
    const parsed = parse(brand.website);
    ownDomain = parsed.domain ?? null;
    if (parsed.domainWithoutSuffix) labels.add(parsed.domainWithoutSuffix.toLowerCase());
  }
  for (const name of [brand.name, ...brand.aliases]) {
    const label = name.normalize('NFKC').toLowerCase().replace(/[\s'’.&_-]+/g, '');
    if (/^[a-z0-9]+$/.test(label)) labels.add(label);
  }
  return { ownDomain, labels: [...labels].filter((l) => l.length >= MIN_LABEL_LENGTH) };
}

export interface Lookalike {
  domain: string;
  kind: LookalikeKind;
  imitates: string;
}

const RANK: Record<LookalikeKind, number> = { homoglyph: 0, combosquat: 1, typosquat: 2, tld_swap: 3 };

/** The stronger of two findings (homoglyph > combosquat > typosquat > tld_swap). */
export function stronger<T extends { kind: LookalikeKind }>(a: T | null, b: T): T {
  return a && RANK[a.kind] <= RANK[b.kind] ? a : b;
}

/**
 * How `label` imitates the brand label `brand` (both lowercase, hyphen as the only separator),
 * or null. Equality is the caller's decision (a TLD swap for a domain, the brand's own handle
 * for an account). Shared by the domain and the account checks so both read names alike.
 */
export function imitationOf(label: string, brand: string): Exclude<LookalikeKind, 'tld_swap'> | null {
  if (skeleton(label) === skeleton(brand)) return 'homoglyph';
  const parts = label.split('-');
  const rest = label.replace(brand, '').replace(/^-+|-+$/g, '');
  if (label.includes(brand) && (LURES.includes(rest) || (parts.includes(brand) && parts.some((p) => LURES.includes(p))))) return 'combosquat';
  const limit = brand.length >= 8 ? 2 : 1;
  if (Math.abs(label.length - brand.length) <= limit && editDistance(label, brand) <= limit) return 'typosquat';
  return null;
}

/** Classifies one domain against the brand; null when it is the brand's own or not a lookalike. */
export function lookalikeOf(domain: string, identity: BrandIdentity): Lookalike | null {
  const parsed = parse(domain);
  if (!parsed.domain || !parsed.domainWithoutSuffix) return null;
  if (identity.ownDomain && parsed.domain === identity.ownDomain) return null;
  const ascii = parsed.domainWithoutSuffix.toLowerCase();
  const label = ascii.startsWith('xn--') ? domainToUnicode(parsed.domain).split('.')[0]!.toLowerCase() : ascii;
  let best: Lookalike | null = null;
  for (const brand of identity.labels) {
    if (label === brand) {
      // Without a known website the exact name is most likely the brand's own site, not an imitation.
      if (identity.ownDomain) best = stronger(best, { domain: parsed.domain, kind: 'tld_swap', imitates: brand });
      continue;
    }
    const kind = imitationOf(label, brand);
    if (kind) best = stronger(best, { domain: parsed.domain, kind, imitates: brand });
  }
  return best;
}
