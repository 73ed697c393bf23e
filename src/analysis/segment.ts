/**
 * Sentences and clauses of the folded text.
 *
 * Sentences end at a newline, 。！？… or a ".", "!", "?" followed by whitespace (not inside URLs). Clauses are cut at
 * ，,；;、:：| and in front of a contrast word that is not at the clause start ("价格却很高",
 * "good but pricey"). Each clause records whether it opens with a contrast (but/但是/不过/however…)
 * or carries a concession (虽然/尽管/although/though/despite), which the sentiment weighting uses.
 */
import type { Span } from './types.js';

export interface Clause extends Span {
  sentence: number;
  contrast: boolean;
  concession: boolean;
}

export interface Sentence extends Span {
  /** Index of its first clause in the clause array. */
  firstClause: number;
  clauseCount: number;
}

const SENTENCE_END = /[\n。！？…]|[.!?](?=\s|$)/g;
const CLAUSE_CUT = /[，,；;、:：|]/g;
const CONTRAST = /(?:但是|(?<![不非])但|不过|然而|可是|却|\bbut\b|\bhowever\b|\bwhereas\b|\bnevertheless\b|\bnonetheless\b|\byet\b(?! to))/g;
const CONTRAST_AT_START = /^(?:[\s*_>#-]*)(?:但是|但|不过|然而|可是|却|而是|but\b|however\b|whereas\b|nevertheless\b|nonetheless\b|yet\b|on the other hand\b|that said\b)/;
// "便宜归便宜，可…" / "好看是好看，但…": a word repeated around 归/是 grants it only to take it back.
const CONCESSION = /([\u4e00-\u9fff]{1,3})[归是]\1|虽然|虽说|尽管|即使|\balthough\b|\bthough\b|\bdespite\b|\bwhile\b|\beven if\b|\bto be fair\b|\badmittedly\b|\bin fairness\b|\bgranted\b/;
// A clause that is only a concession marker ("X makes great software, to be fair, but …") makes
// the clause before it the concession (rules §3: a polite concession does not change the stance).
const CONCESSION_ONLY = /^[\s*_(-]*(?:to be fair|admittedly|granted|in fairness|of course|平心而论|客观地说|说实话)[\s*_)]*$/;

// One whitespace character at lastIndex (sticky): tested in place, without a one-character string
// or a new RegExp per character.
const SPACE_AT = /\s/y;

function spaceAt(text: string, i: number): boolean {
  SPACE_AT.lastIndex = i;
  return SPACE_AT.test(text);
}

/** text[start, end) holds something besides whitespace (as `slice(start, end).trim() !== ''`). */
function hasContent(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!spaceAt(text, i)) return true;
  return false;
}

function pushClause(text: string, out: Clause[], start: number, end: number, sentence: number): void {
  while (start < end && spaceAt(text, start)) start++;
  while (end > start && spaceAt(text, end - 1)) end--;
  if (end <= start) return;
  const body = text.slice(start, end);
  out.push({ start, end, sentence, contrast: CONTRAST_AT_START.test(body), concession: CONCESSION.test(body) });
}

function splitClause(text: string, out: Clause[], start: number, end: number, sentence: number): void {
  const body = text.slice(start, end);
  let from = 0;
  CONTRAST.lastIndex = 0;
  for (let m = CONTRAST.exec(body); m !== null; m = CONTRAST.exec(body)) {
    if (m.index > from && hasContent(body, from, m.index)) {
      pushClause(text, out, start + from, start + m.index, sentence);
      from = m.index;
    }
  }
  pushClause(text, out, start + from, end, sentence);
}

export function segment(text: string): { sentences: Sentence[]; clauses: Clause[] } {
  const sentences: Sentence[] = [];
  const clauses: Clause[] = [];
  let start = 0;
  const closeSentence = (end: number): void => {
    if (hasContent(text, start, end)) {
      const index = sentences.length;
      const firstClause = clauses.length;
      let from = start;
      // Every cut and sentence end is one character, so test() and lastIndex say where it is
      // without a match array per cut.
      CLAUSE_CUT.lastIndex = start;
      while (CLAUSE_CUT.test(text) && CLAUSE_CUT.lastIndex - 1 < end) {
        const cut = CLAUSE_CUT.lastIndex - 1;
        splitClause(text, clauses, from, cut, index);
        from = cut + 1;
      }
      splitClause(text, clauses, from, end, index);
      for (let c = firstClause + 1; c < clauses.length; c++) {
        if (CONCESSION_ONLY.test(text.slice(clauses[c]!.start, clauses[c]!.end))) clauses[c - 1]!.concession = true;
      }
      if (clauses.length > firstClause) {
        sentences.push({ start, end, firstClause, clauseCount: clauses.length - firstClause });
      }
    }
  };
  SENTENCE_END.lastIndex = 0;
  while (SENTENCE_END.test(text)) {
    const end = SENTENCE_END.lastIndex;
    closeSentence(end);
    start = end;
  }
  closeSentence(text.length);
  return { sentences, clauses };
}

/** Index of the clause containing folded offset `pos` (clauses sorted, non-overlapping). */
export function clauseAt(clauses: readonly Clause[], pos: number): number {
  let lo = 0;
  let hi = clauses.length - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (clauses[mid]!.start <= pos) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best >= 0 && pos < clauses[best]!.end ? best : -1;
}
