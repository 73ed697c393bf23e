/**
 * Text folding: NFKC (full-width → half-width, compatibility forms), lower case, CR/LF → LF,
 * zero-width characters dropped. Every folded code unit remembers the original code unit it came
 * from, so offsets found in the folded text map back to the ORIGINAL text exactly.
 *
 * Folding is done one code point at a time (not `text.normalize()` on the whole string) precisely
 * to keep that map; the only thing lost is canonical composition of a base letter with a separate
 * combining mark, which brand names practically never rely on.
 */

export interface FoldedText {
  /** The folded text. */
  text: string;
  /** origin[i] = index in the original text of the code point that produced text[i]; origin[text.length] = original length. */
  origin: Int32Array;
}

// Per-code-point fold results for the slow path (non-ASCII, non-CJK). Pure memoisation: the
// value for a code point never changes, so sharing it between calls is safe.
const slowCache = new Map<number, string>();

function foldCodePoint(cp: number): string {
  let folded = slowCache.get(cp);
  if (folded === undefined) {
    folded = String.fromCodePoint(cp).normalize('NFKC').toLowerCase();
    slowCache.set(cp, folded);
  }
  return folded;
}

// The same memo as a flat table for BMP code units whose fold is ONE code unit (most of them):
// UNKNOWN until first seen, NOT_SINGLE when the fold is longer or empty (then slowCache answers).
const UNKNOWN = -1;
const NOT_SINGLE = -2;
const bmpSingle = new Int32Array(0x10000).fill(UNKNOWN);

function isDropped(c: number): boolean {
  // zero-width space / non-joiner / joiner, word joiner, BOM, soft hyphen
  return c === 0x200b || c === 0x200c || c === 0x200d || c === 0x2060 || c === 0xfeff || c === 0x00ad;
}

const decoder = new TextDecoder('utf-16le');

export function foldText(input: string): FoldedText {
  const n = input.length;
  let cap = n + 16;
  let out = new Uint16Array(cap);
  let origin = new Int32Array(cap + 1);
  let len = 0;

  const push = (unit: number, from: number): void => {
    if (len >= cap) {
      cap = cap * 2;
      const o2 = new Uint16Array(cap);
      o2.set(out);
      out = o2;
      const m2 = new Int32Array(cap + 1);
      m2.set(origin);
      origin = m2;
    }
    out[len] = unit;
    origin[len] = from;
    len++;
  };

  for (let i = 0; i < n; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x80) {
      if (c >= 0x41 && c <= 0x5a) push(c + 32, i);
      else if (c === 0x0d) {
        if (input.charCodeAt(i + 1) !== 0x0a) push(0x0a, i); // lone CR → LF; CR of CRLF dropped
      } else push(c, i);
    } else if (c >= 0x4e00 && c <= 0x9fff) {
      push(c, i); // CJK unified ideographs: NFKC-stable, caseless
    } else if (c >= 0xff01 && c <= 0xff5e) {
      const half = c - 0xfee0; // full-width ASCII → ASCII
      push(half >= 0x41 && half <= 0x5a ? half + 32 : half, i);
    } else if (c === 0x3000) {
      push(0x20, i);
    } else if (isDropped(c)) {
      // dropped (zero-width and control characters): nothing to push
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = input.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        const folded = foldCodePoint(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000);
        for (let k = 0; k < folded.length; k++) push(folded.charCodeAt(k), i);
        i++;
      } else push(c, i); // lone high surrogate: keep as is
    } else if (c >= 0xd800 && c <= 0xdfff) {
      push(c, i); // lone surrogate
    } else {
      // Most BMP characters here (。、“” …) fold to one code unit: read it from a flat table
      // instead of the Map, and build the string only for expansions ("㈱" → "(株)") and drops.
      let unit = bmpSingle[c]!;
      if (unit === UNKNOWN) {
        const folded = foldCodePoint(c);
        unit = folded.length === 1 ? folded.charCodeAt(0) : NOT_SINGLE;
        bmpSingle[c] = unit;
      }
      if (unit >= 0) push(unit, i);
      else {
        const folded = foldCodePoint(c);
        for (let k = 0; k < folded.length; k++) push(folded.charCodeAt(k), i);
      }
    }
  }
  origin[len] = n;
  const text = decoder.decode(out.subarray(0, len));
  return { text, origin: origin.subarray(0, len + 1) };
}

/** Fold a name the same way as the text, and collapse inner whitespace. */
export function foldName(name: string): string {
  return foldText(name).text.trim().replace(/\s+/g, ' ');
}

/**
 * True when folded index i starts a new original code point (not the 2nd+ unit of an expansion
 * such as "㈱" → "(株)"). A mention must start and end on such boundaries.
 */
export function isFoldBoundary(folded: FoldedText, i: number): boolean {
  if (i <= 0 || i >= folded.text.length) return true;
  return folded.origin[i] !== folded.origin[i - 1];
}
