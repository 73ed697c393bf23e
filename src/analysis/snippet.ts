/**
 * Snippets: the sentence of the ORIGINAL text around an offset, with Markdown decoration removed
 * (list markers, heading hashes, emphasis, link syntax), at most ~240 characters.
 */

export const SNIPPET_MAX = 240;
/** How far we look for sentence ends before giving up and windowing. */
const SCAN_LIMIT = 600;

function isHardStop(ch: string): boolean {
  return ch === '\n' || ch === '。' || ch === '！' || ch === '？' || ch === '…';
}

/** ".", "!" and "?" end a sentence only before whitespace or the end (not inside a URL). */
function isPeriodStop(text: string, i: number): boolean {
  const ch = text[i];
  if (ch !== '.' && ch !== '．' && ch !== '!' && ch !== '?') return false;
  const next = text[i + 1];
  return next === undefined || next === ' ' || next === '\n' || next === '\t';
}

function sentenceBounds(text: string, index: number): { start: number; end: number } {
  let start = Math.max(0, index - SCAN_LIMIT);
  for (let i = index - 1; i >= start; i--) {
    const ch = text[i]!;
    if (isHardStop(ch) || isPeriodStop(text, i)) {
      start = i + 1;
      break;
    }
  }
  let end = Math.min(text.length, index + SCAN_LIMIT);
  for (let i = index; i < end; i++) {
    const ch = text[i]!;
    if (ch === '\n') {
      end = i;
      break;
    }
    if (isHardStop(ch) || isPeriodStop(text, i)) {
      end = i + 1;
      break;
    }
  }
  return { start, end };
}

// stripMarkdown's patterns, compiled once (it runs for every snippet); global ones are used only
// with replace, which starts from lastIndex 0.
const MD_LINK = /!?\[([^\]\n]*)\]\([^)\n]*\)/g;
const LINE_MARKERS = /^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d{1,3}[.)、]\s*)+/;
const EMPHASIS_OR_CODE = /\*\*|__|`/g;
const TABLE_PIPES = /^\s*\|+|\|+\s*$/g;
const WHITESPACE_RUNS = /\s+/g;

/** Remove Markdown decoration that means nothing to a reader of a snippet. */
export function stripMarkdown(s: string): string {
  return s
    .replace(MD_LINK, '$1')
    .replace(LINE_MARKERS, '')
    .replace(EMPHASIS_OR_CODE, '')
    .replace(TABLE_PIPES, '')
    .replace(WHITESPACE_RUNS, ' ')
    .trim();
}

/** The cleaned sentence containing `index` (clamped to the text). */
export function sentenceAround(text: string, index: number, max: number = SNIPPET_MAX): string {
  if (text.length === 0) return '';
  const at = Math.min(Math.max(0, index), text.length - 1);
  const { start, end } = sentenceBounds(text, at);
  let raw = text.slice(start, end);
  let prefix = '';
  let suffix = '';
  if (raw.length > max) {
    // Window around the offset: a little context before, more after (where the claim usually is).
    const from = Math.max(start, at - Math.floor(max / 3));
    const to = Math.min(end, from + max - 2);
    prefix = from > start ? '…' : '';
    suffix = to < end ? '…' : '';
    raw = text.slice(from, to);
  }
  const cleaned = stripMarkdown(raw);
  return cleaned.length === 0 ? '' : `${prefix}${cleaned}${suffix}`;
}
