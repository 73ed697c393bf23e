/**
 * Impersonation by social account: is a handle cited or named in an answer a lookalike of the
 * brand's name? Pure functions. Handles come from profile URLs (weibo.com/acme, x.com/acme,
 * youtube.com/@acme, linkedin.com/company/acme …, with or without a scheme) and from bare
 * `@acme` mentions in the text; e-mail addresses are not mentions. A handle is judged with the
 * same rules as a domain label (lookalike.ts: homoglyph, combosquat, typosquat); the exact brand
 * label and the brand's listed official accounts are the brand's own and never fire.
 */
import { getDomain } from 'tldts';
import { findUrlSpans } from '../../analysis/urls.js';
import { imitationOf, stronger, type BrandIdentity, type LookalikeKind } from './lookalike.js';

export const SOCIAL_PLATFORMS = ['weibo', 'x', 'instagram', 'facebook', 'linkedin', 'youtube', 'tiktok', 'douyin', 'xiaohongshu', 'zhihu', 'bilibili'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** A handle on a platform; platform null = a bare `@handle` whose platform the text does not say. */
export interface AccountRef {
  platform: SocialPlatform | null;
  /** Lowercased (every platform here treats handles case-insensitively). */
  handle: string;
}

export interface AccountLookalike extends AccountRef {
  kind: Exclude<LookalikeKind, 'tld_swap'>;
  imitates: string;
}

type HandleAt = (segments: string[], host: string) => string | undefined;

const first = (reserved: readonly string[]): HandleAt => (s) => (s[0] && !reserved.includes(s[0].toLowerCase()) ? s[0] : undefined);
const after = (...prefixes: string[]): HandleAt => (s) => (s[0] && prefixes.includes(s[0].toLowerCase()) ? s[1] : undefined);
const atSign: HandleAt = (s) => (s[0]?.startsWith('@') ? s[0].slice(1) : undefined);
const anyOf = (...rules: HandleAt[]): HandleAt => (s, host) => rules.map((r) => r(s, host)).find((h) => h !== undefined);

// Registrable domain → platform and where its profile paths keep the handle. Paths that are not
// profiles (posts, search, settings) are reserved words; numeric ids and opaque tokens are not
// names and are dropped later, so they never count as imitations.
const NOT_PROFILES = {
  weibo: ['u', 'n', 'p', 'a', 'weibo', 'login', 'signup', 'home', 'search', 'hot', 'ttarticle', 'tv', 'status', 'detail', 'set', 'messages', 'newlogin', 'ajax', 'profile'],
  x: ['home', 'search', 'explore', 'i', 'intent', 'share', 'hashtag', 'settings', 'login', 'signup', 'tos', 'privacy', 'notifications', 'messages', 'compose', 'about', 'download', 'jobs'],
  instagram: ['p', 'reel', 'reels', 'explore', 'accounts', 'stories', 'tv', 'direct', 'about', 'legal', 'developer', 'web'],
  facebook: [
    'pages', 'pg', 'groups', 'events', 'watch', 'marketplace', 'share', 'sharer', 'sharer.php', 'login', 'login.php', 'help', 'policies', 'photo', 'photo.php',
    'story.php', 'permalink.php', 'profile.php', 'people', 'hashtag', 'gaming', 'business', 'ads', 'privacy', 'terms', 'reel', 'stories',
  ],
};

const SITES: Record<string, { platform: SocialPlatform; handleAt: HandleAt }> = {
  'weibo.com': { platform: 'weibo', handleAt: anyOf(after('n'), first(NOT_PROFILES.weibo)) },
  'weibo.cn': { platform: 'weibo', handleAt: anyOf(after('n'), first(NOT_PROFILES.weibo)) },
  'x.com': { platform: 'x', handleAt: first(NOT_PROFILES.x) },
  'twitter.com': { platform: 'x', handleAt: first(NOT_PROFILES.x) },
  'instagram.com': { platform: 'instagram', handleAt: first(NOT_PROFILES.instagram) },
  'facebook.com': { platform: 'facebook', handleAt: anyOf(after('pages', 'pg'), first(NOT_PROFILES.facebook)) },
  'fb.com': { platform: 'facebook', handleAt: anyOf(after('pages', 'pg'), first(NOT_PROFILES.facebook)) },
  'linkedin.com': { platform: 'linkedin', handleAt: after('company', 'showcase', 'school') },
  'youtube.com': { platform: 'youtube', handleAt: anyOf(atSign, after('c', 'user')) },
  'tiktok.com': { platform: 'tiktok', handleAt: atSign },
  'douyin.com': { platform: 'douyin', handleAt: after('user') },
  'xiaohongshu.com': { platform: 'xiaohongshu', handleAt: (s) => (s[0] === 'user' && s[1] === 'profile' ? s[2] : undefined) },
  'zhihu.com': { platform: 'zhihu', handleAt: after('people', 'org') },
  'bilibili.com': { platform: 'bilibili', handleAt: (s, host) => (host === 'space.bilibili.com' ? s[0] : undefined) },
};

/** Registrable domains of the platforms above (to pick their URLs out of stored citations). */
export const SOCIAL_DOMAINS: readonly string[] = Object.keys(SITES);

/** A POSIX regular expression (PostgreSQL `~*`) for a social host followed by a path, in raw text. */
export const SOCIAL_HOST_PATTERN = `(^|[^a-z0-9-])(${SOCIAL_DOMAINS.map((d) => d.replace(/\./g, '\\.')).join('|')})/`;

/**
 * A readable name, lowercased, or undefined: numeric ids (weibo /u/123, bilibili uids), opaque
 * tokens (douyin sec_uid, 24-hex xiaohongshu ids) and anything longer than a handle can be are not.
 */
function readable(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let handle: string;
  try {
    handle = decodeURIComponent(raw).normalize('NFKC').toLowerCase();
  } catch {
    return undefined;
  }
  if (handle.length < 2 || handle.length > 50) return undefined;
  if (/^\d+$/.test(handle) || /^[0-9a-f]{24}$/.test(handle) || /^ms4wljab/.test(handle)) return undefined;
  if (!/^[\p{L}\p{N}_.-]+$/u.test(handle)) return undefined;
  return handle;
}

/** The account a profile URL points at (scheme optional), or null when it is not a profile URL. */
export function accountOfUrl(raw: string): AccountRef | null {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  const site = SITES[getDomain(url.hostname) ?? ''];
  if (!site) return null;
  const handle = readable(site.handleAt(url.pathname.split('/').filter((s) => s !== ''), url.hostname.toLowerCase()));
  return handle ? { platform: site.platform, handle } : null;
}

// "@acme" not preceded by what can stand before an e-mail's "@" (letters, digits, . _ % + -) or
// inside a path. A CJK character may precede it ("关注@acme"); the handle is Latin letters, digits,
// "_" and inner dots, and ends at the first other character ("@acme获取优惠" → acme).
const MENTION = /(?<![A-Za-z0-9._%+\-/\\@])@([A-Za-z0-9_](?:[A-Za-z0-9_.]*[A-Za-z0-9_])?)/g;
// "@acme.com" after a local part the e-mail scanner cannot read (用户名@acme.com) is still an address.
const MAIL_DOMAIN = /\.(?:com|net|org|edu|gov|io|co|cn|hk|tw|jp|uk|de|fr)(?:\.[a-z]{2})?$/;

/** Every account an answer text names: profile URLs (with or without a scheme) and bare @mentions. */
export function accountsInText(text: string): AccountRef[] {
  const found = new Map<string, AccountRef>();
  const add = (a: AccountRef | null) => {
    if (a) found.set(`${a.platform ?? '@'}/${a.handle}`, a);
  };
  const spans = findUrlSpans(text);
  for (const span of spans) if (span.kind !== 'email') add(accountOfUrl(span.raw));
  if (text.includes('@')) {
    // An "@" inside a URL (youtube.com/@acme) or an e-mail address belongs to that span.
    const inSpan = (at: number) => spans.some((s) => at >= s.start && at < s.end);
    for (const m of text.matchAll(MENTION)) {
      if (inSpan(m.index)) continue;
      const handle = readable(m[1]);
      if (handle && !MAIL_DOMAIN.test(handle)) add({ platform: null, handle });
    }
  }
  return [...found.values()];
}

/**
 * The handles a brand lists as its own: profile URLs, "@handle" or a bare handle. Null for an
 * entry that names no handle (the brand API refuses those with 400).
 */
export function officialHandleOf(entry: string): string | null {
  const trimmed = entry.trim();
  if (/[/.]/.test(trimmed) && !trimmed.startsWith('@')) {
    const fromUrl = accountOfUrl(trimmed);
    if (fromUrl) return fromUrl.handle;
  }
  return readable(trimmed.replace(/^@/, '')) ?? null;
}

export function officialHandles(entries: readonly string[]): Set<string> {
  return new Set(entries.map(officialHandleOf).filter((h): h is string => h !== null));
}

/**
 * Classifies one account against the brand's Latin labels; null when it is the brand's own (the
 * exact label, or listed as official) or not an imitation. "_" and "." separate words in a handle
 * as "-" does in a domain, so acme_official is read like acme-official.
 */
export function impersonatorOf(account: AccountRef, identity: BrandIdentity, official: ReadonlySet<string>): AccountLookalike | null {
  const { handle } = account;
  if (official.has(handle) || identity.labels.includes(handle)) return null;
  const label = handle.replace(/[_.]/g, '-');
  let best: AccountLookalike | null = null;
  for (const brand of identity.labels) {
    const kind = imitationOf(label, brand);
    if (kind) best = stronger(best, { ...account, kind, imitates: brand });
  }
  return best;
}

/** How an account is written in titles and keys: weibo/acme_0fficial, or @acme_0fficial. */
export const accountLabel = (a: AccountRef): string => (a.platform ? `${a.platform}/${a.handle}` : `@${a.handle}`);
