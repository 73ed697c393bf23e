/**
 * Mention matcher: every name (brand, aliases, competitors) and every exclusion phrase compiled
 * into ONE alternation RegExp over the folded text, longest pattern first, so each position yields
 * the leftmost-longest candidate. Measured on this machine (bench/README.md): the combined RegExp
 * ran at ~250 MB/s with 20 names, @monyone/aho-corasick at ~11 MB/s and modern-ahocorasick at
 * ~0.2 MB/s (it segments graphemes), so the RegExp is the matcher.
 *
 * A candidate is then validated:
 * - exclusion phrase ("shadow"): consumes its span, no mention (小米粥, apple pie);
 * - Latin word boundaries: no letter/digit before, no letter after (digits after are allowed for
 *   model numbers: "iPhone15"); so "Apple" never matches inside "Pineapple";
 * - common-word Latin names need a capital first letter; ≤3-letter all-caps names need capitals;
 * - the original text at that point is not inside a URL, e-mail or Markdown link target;
 * - the candidate starts and ends on original code point boundaries (fold expansions).
 * A rejected candidate resumes the search one code unit later, so a shorter name inside it can
 * still match.
 */
import { foldName, isFoldBoundary, type FoldedText } from './fold.js';
import { isAmbiguousName } from './sense.js';
import { ACRONYM_MAX_LENGTH, COMMON_WORD_NAMES, EXCLUSION_PHRASES } from './sense-rules.js';
import type { BrandTarget } from './types.js';

/** One mention, in folded-text coordinates. */
export interface Hit {
  target: number;
  start: number;
  end: number;
}

/** True when the original range [start, end) is inside an address (URL, e-mail, link target). */
export type MaskPredicate = (start: number, end: number) => boolean;

interface PatternInfo {
  /** Index of the target (0 = brand, 1.. = competitors); -1 for an exclusion phrase. */
  target: number;
  checkStart: boolean;
  checkEnd: boolean;
  requireCapital: boolean;
  acronym: boolean;
  /** A name the brand writes in camel case from a lower-case letter ("reMarkable", "eBay"):
   * written exactly so it is the brand even where a capital is otherwise required. */
  camelCase?: string;
}

function isLatinLetter(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7)
  );
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class MentionMatcher {
  private readonly regex: RegExp | null;
  private readonly patterns = new Map<string, PatternInfo>();

  constructor(targets: readonly BrandTarget[]) {
    const names: Array<{ key: string; info: PatternInfo }> = [];
    const shadows: string[] = [];
    targets.forEach((target, index) => {
      const rawNames = [target.name, ...(target.aliases ?? [])].filter((n) => typeof n === 'string');
      for (const raw of rawNames) {
        const key = foldName(raw);
        if (key.length === 0) continue;
        const first = key.charCodeAt(0);
        const last = key.charCodeAt(key.length - 1);
        const latin = /[a-z]/.test(key);
        const trimmedRaw = raw.trim();
        names.push({
          key,
          info: {
            target: index,
            checkStart: isLatinLetter(first) || isDigit(first),
            checkEnd: isLatinLetter(last) || isDigit(last),
            requireCapital:
              latin &&
              isLatinLetter(first) &&
              // A name configured all lower-case ("vivo") is written that way by the brand itself.
              (target.requireCapitalized ?? (trimmedRaw !== trimmedRaw.toLowerCase() && (COMMON_WORD_NAMES.has(key) || isAmbiguousName(key, target.ambiguous)))),
            acronym:
              /^[A-Z]+$/.test(trimmedRaw) && trimmedRaw.length <= ACRONYM_MAX_LENGTH,
            ...(/^[a-z]+[A-Z]/.test(trimmedRaw) ? { camelCase: trimmedRaw } : {}),
          },
        });
        for (const phrase of EXCLUSION_PHRASES[key] ?? []) shadows.push(phrase);
      }
      for (const phrase of target.exclusions ?? []) if (typeof phrase === 'string') shadows.push(phrase);
    });

    // Shadows first, names after: a name that equals a shadow phrase (another target's full name,
    // e.g. brand 大众点评 vs competitor 大众) is a name. The first target to claim a name keeps it.
    for (const phrase of shadows) {
      const key = foldName(phrase);
      if (key.length > 0) {
        this.patterns.set(key, { target: -1, checkStart: false, checkEnd: false, requireCapital: false, acronym: false });
      }
    }
    const claimed = new Set<string>();
    for (const { key, info } of names) {
      if (claimed.has(key)) continue;
      claimed.add(key);
      this.patterns.set(key, info);
    }
    const keys = [...this.patterns.keys()].sort((a, b) => b.length - a.length);
    this.regex =
      keys.length === 0 ? null : new RegExp(keys.map((k) => escapeRegExp(k).replace(/ /g, '\\s+')).join('|'), 'g');
  }

  /**
   * All valid mentions in document order. `masked(start, end)` says whether an ORIGINAL-text
   * range lies in a URL or link target, where a name does not count.
   */
  find(folded: FoldedText, original: string, masked: MaskPredicate | null): Hit[] {
    const hits: Hit[] = [];
    const re = this.regex;
    if (re === null) return hits;
    const text = folded.text;
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      const key = /\s/.test(m[0]) ? m[0].replace(/\s+/g, ' ') : m[0];
      const info = this.patterns.get(key);
      if (info === undefined) {
        re.lastIndex = start + 1;
        continue;
      }
      if (info.target < 0) {
        re.lastIndex = end; // exclusion phrase: the name inside it is another meaning
        continue;
      }
      if (!this.accept(info, folded, original, start, end, masked)) {
        re.lastIndex = start + 1;
        continue;
      }
      hits.push({ target: info.target, start, end });
    }
    return hits;
  }

  private accept(
    info: PatternInfo,
    folded: FoldedText,
    original: string,
    start: number,
    end: number,
    masked: MaskPredicate | null,
  ): boolean {
    const text = folded.text;
    if (info.checkStart && start > 0) {
      const c = text.charCodeAt(start - 1);
      if (isLatinLetter(c) || isDigit(c)) return false;
    }
    if (info.checkEnd && end < text.length && isLatinLetter(text.charCodeAt(end))) return false;
    if (!isFoldBoundary(folded, start) || !isFoldBoundary(folded, end)) return false;
    const origStart = folded.origin[start]!;
    if (masked?.(origStart, folded.origin[end]!)) return false;
    if (info.requireCapital) {
      const ch = original[origStart] ?? '';
      const asConfigured = info.camelCase !== undefined && original.startsWith(info.camelCase, origStart);
      if (ch === ch.toLowerCase() && !asConfigured) return false;
    }
    if (info.acronym) {
      // "HP", "Hp" and "ＨＰ" are the brand (any case but all-lower, §1); "120 hp" is not.
      const slice = original.slice(origStart, folded.origin[end]!).normalize('NFKC');
      // All lower-case is the brand only when a capitalised product name follows and no figure
      // precedes it ("dji Mini 4 Pro", "hp Envy"; not "120 hp").
      const origEnd = folded.origin[end]!;
      const productAfter = /^ [A-Z][A-Za-z]*(?: [A-Z0-9][A-Za-z0-9]*)*/.test(original.slice(origEnd, origEnd + 30));
      const figureBefore = /\d\s*$/.test(original.slice(Math.max(0, origStart - 4), origStart));
      if (slice === slice.toLowerCase() && (!productAfter || figureBefore)) return false;
    }
    return true;
  }
}
