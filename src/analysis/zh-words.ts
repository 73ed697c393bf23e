/**
 * Chinese word segmentation for mention decisions (measurement-rules.md §1: "a substring across a
 * Chinese word boundary" is not a mention; 中华为人民 is 中华 + 为人民, not 华为).
 *
 * jieba's algorithm (the dictionary path of highest probability, no HMM) over jieba's dictionary
 * plus the analyzer's OWN tracked names, chosen over Intl.Segmenter after measuring both
 * (docs/decisions.md): ICU's dictionary does not know brand names and cannot take a user
 * dictionary (华为手机 → 华/为/手机, 长安街 → 长安/街).
 *
 * Each `ZhWords` reads the shared, read-only dictionary through an overlay of its own names: the
 * segmentation of an answer depends only on that analyzer's brand, aliases and competitors, never
 * on which other analyzers this process built before (docs/decisions.md, "Segmentation per
 * analyzer"). The path search is the one @node-rs/jieba runs (`cut(text, false)`), reimplemented
 * here because a native instance can only grow its dictionary (`loadDict`), and building one per
 * name set costs ~150–250 ms and ~6 MB each; zh-words.test.ts checks the cuts against it.
 *
 * Cost control: the dictionary is loaded lazily, only when a Chinese name matched, and trimmed to
 * the words with frequency ≥ DICT_MIN_FREQ (~67k of 349k words, the same cuts on the labelled
 * sets); only the run of Chinese text around a hit (at most WINDOW characters each side) is
 * segmented, so throughput stays with the matcher.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const DICT_MIN_FREQ = 30;
/** Frequency given to tracked names: high enough to win over ordinary splits, low enough that 中华为 stays 中华/为. */
const NAME_FREQ = 2000;
const WINDOW = 12;

/** The trimmed dictionary, written next to the built module by `npm run build` (see below). */
const TRIMMED_DICT = fileURLToPath(new URL('./zh-dict.txt', import.meta.url));

/** jieba's dictionary without its rare words (frequency < DICT_MIN_FREQ). */
export function trimmedDictionary(): string {
  const require = createRequire(import.meta.url);
  const raw = readFileSync(require.resolve('@node-rs/jieba/dict.txt'), 'utf8');
  const kept: string[] = [];
  for (const line of raw.split('\n')) {
    const sp = line.indexOf(' ');
    if (sp > 0 && Number.parseInt(line.slice(sp + 1), 10) >= DICT_MIN_FREQ) kept.push(line);
  }
  return kept.join('\n');
}

/** Build step (package.json "build"): write the trimmed dictionary, indexed, beside the built module. */
export function writeTrimmedDictionary(): void {
  writeFileSync(TRIMMED_DICT, indexedDictionary(trimmedDictionary()));
}

/** The indexed dictionary's first bytes; a zh-dict.txt of an older build lacks them. */
const INDEX_FORMAT = 'zh-dict/2';
const INDEX_HEAD = `{"format":"${INDEX_FORMAT}",`;

/** What `Dictionary` needs before any lookup; the first line of an indexed dictionary, as JSON. */
interface DictionaryIndex {
  format: typeof INDEX_FORMAT;
  total: number;
  maxLen: number;
  /**
   * Triples (first character code, start, end), ascending by code: where that character's lines
   * are in the body, in UTF-8 bytes (only the groups a lookup touches are ever decoded).
   */
  groups: number[];
}

/**
 * A dictionary text indexed at build time: a JSON `DictionaryIndex` line, then the word lines
 * grouped by first character (each group in file order). Indexing is one pass of character codes
 * over ~1 MB, ~40–60 ms of a cold `sightline analyze` of a Chinese answer when it ran at load, and
 * decoding all of it ~10 ms more; reading the index is ~1 ms.
 */
export function indexedDictionary(text: string): string {
  let total = 0;
  let maxLen = 1;
  const linesByFirst = new Map<number, string[]>();
  const n = text.length;
  for (let at = 0; at < n; ) {
    let k = at;
    while (k < n && text.charCodeAt(k) !== 0x20 && text.charCodeAt(k) !== 0x0a) k++;
    if (k < n && text.charCodeAt(k) === 0x20 && k > at) {
      maxLen = Math.max(maxLen, k - at);
      let f = 0;
      for (let c = text.charCodeAt(++k); c >= 0x30 && c <= 0x39; c = text.charCodeAt(++k)) f = f * 10 + c - 0x30;
      total += f;
      let eol = text.indexOf('\n', k);
      if (eol < 0) eol = n;
      const first = text.charCodeAt(at);
      const lines = linesByFirst.get(first);
      if (lines === undefined) linesByFirst.set(first, [text.slice(at, eol)]);
      else lines.push(text.slice(at, eol));
    }
    while (k < n && text.charCodeAt(k) !== 0x0a) k++;
    at = k + 1;
  }
  const groups: number[] = [];
  let body = '';
  let bytes = 0;
  for (const first of [...linesByFirst.keys()].sort((a, b) => a - b)) {
    const chunk = `${linesByFirst.get(first)!.join('\n')}\n`;
    body += chunk;
    groups.push(first, bytes, bytes + Buffer.byteLength(chunk));
    bytes += Buffer.byteLength(chunk);
  }
  return `${JSON.stringify({ format: INDEX_FORMAT, total, maxLen, groups } satisfies DictionaryIndex)}\n${body}`;
}

/**
 * The shared dictionary, read-only once loaded, so no analyzer can change another's cuts. It is
 * read in its indexed form (`indexedDictionary`: the total, the longest word and where each first
 * character's lines are); a character's words enter `freq` the first time a window holds that
 * character (the answers touch a few hundred of ~5k first characters), which keeps the first
 * Chinese candidate of a process cheap. `freq` is a cache of a fixed file: what it holds never
 * changes a lookup's answer.
 */
class Dictionary {
  /** Sum of all frequencies: a word's probability is freq / total. */
  readonly total: number;
  /** Longest word, in UTF-16 units: how far ahead a word can reach. */
  readonly maxLen: number;
  /** `DictionaryIndex.groups`: where each first character's lines are in `body`. */
  private readonly groups: number[];
  /** Per group: 1 once its lines are in `freq`. */
  private readonly loaded: Uint8Array;
  /** Per loaded group: its longest word, in UTF-16 units. */
  private readonly longest: Int32Array;
  private readonly freq = new Map<string, number>();
  private readonly body: Buffer;

  constructor(indexed: Buffer) {
    const nl = indexed.indexOf(0x0a);
    const index = JSON.parse(indexed.toString('utf8', 0, nl)) as DictionaryIndex;
    this.body = indexed.subarray(nl + 1);
    this.total = index.total;
    this.maxLen = index.maxLen;
    this.groups = index.groups;
    this.loaded = new Uint8Array(this.groups.length / 3);
    this.longest = new Int32Array(this.groups.length / 3);
  }

  /** The word's frequency, or undefined when the dictionary does not hold it. */
  get(word: string): number | undefined {
    if (this.reach(word.charCodeAt(0)) === 0) return undefined;
    return this.freq.get(word);
  }

  /**
   * The length of the longest word that starts with code unit `first` (0: none), its group's words
   * loaded into `freq`. No word starting with `first` is longer, so `cut` need not look further.
   */
  reach(first: number): number {
    const group = this.groupOf(first);
    if (group < 0) return 0;
    if (this.loaded[group] === 0) {
      const lines = this.body.toString('utf8', this.groups[group * 3 + 1], this.groups[group * 3 + 2]);
      let longest = 0;
      for (let at = 0; at < lines.length; ) {
        const sp = lines.indexOf(' ', at);
        const eol = lines.indexOf('\n', sp);
        this.freq.set(lines.slice(at, sp), Number.parseInt(lines.slice(sp + 1, eol), 10));
        longest = Math.max(longest, sp - at);
        at = eol + 1;
      }
      this.loaded[group] = 1;
      this.longest[group] = longest;
    }
    return this.longest[group]!;
  }

  /** The frequency of a word whose first code unit's group `reach` has loaded. */
  loadedFreq(word: string): number | undefined {
    return this.freq.get(word);
  }

  /** The group of words that start with character `first` (binary search), or -1. */
  private groupOf(first: number): number {
    let lo = 0;
    let hi = this.loaded.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const code = this.groups[mid * 3]!;
      if (code === first) return mid;
      if (code < first) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

let dictionary: Dictionary | null = null;

/** The built, indexed dictionary; without one (tests run from src/), or an unindexed one from an older build, index it here. */
function loadDictionary(): Dictionary {
  if (dictionary === null) {
    const built = existsSync(TRIMMED_DICT) ? readFileSync(TRIMMED_DICT) : null;
    const indexed = built !== null && built.toString('latin1', 0, INDEX_HEAD.length) === INDEX_HEAD;
    dictionary = new Dictionary(indexed ? built : Buffer.from(indexedDictionary(built?.toString('utf8') ?? trimmedDictionary())));
  }
  return dictionary;
}

function isCjk(c: number): boolean {
  return c >= 0x3400 && c <= 0x9fff;
}

/** jieba keeps a run of single ASCII letters/digits together ("14pro"), and so must we. */
const ASCII_ALNUM = /[a-z0-9]/i; // compiled once: this runs for every one-character word of a cut
function isAsciiAlnum(word: string): boolean {
  return word.length === 1 && ASCII_ALNUM.test(word);
}

/** The run of Chinese text around [start, end): at most WINDOW characters each side. */
function windowAround(text: string, start: number, end: number): { from: number; to: number } {
  let from = start;
  while (from > 0 && start - from < WINDOW && isCjk(text.charCodeAt(from - 1))) from--;
  let to = end;
  while (to < text.length && to - end < WINDOW && isCjk(text.charCodeAt(to))) to++;
  return { from, to };
}

export interface WordAt {
  /** The word that holds the hit, or that crosses one of its edges. */
  word: string;
  /** 'word': the hit is exactly one or more whole words; 'crosses': a word straddles an edge; 'inside': the hit is part of a longer word. */
  fit: 'word' | 'crosses' | 'inside';
  /** Offset of that word in `text`. */
  start: number;
}

/** The segmenter of one analyzer: jieba's dictionary plus that analyzer's tracked Chinese names. */
export class ZhWords {
  /** Tracked names at NAME_FREQ, read before the dictionary. */
  private readonly names = new Map<string, number>();
  /** The dictionary's total with the names' frequencies in it (computed on first use). */
  private total = -1;
  private maxLen = 1;
  /** Longest tracked name, in UTF-16 units. */
  private namesMaxLen = 0;

  constructor(names: readonly string[]) {
    for (const n of names) if (/[\u3400-\u9fff]/.test(n) && !/\s/.test(n)) this.names.set(n, NAME_FREQ);
    for (const n of this.names.keys()) this.namesMaxLen = Math.max(this.namesMaxLen, n.length);
  }

  /** How the hit [start, end) of folded `text` sits among the words of its run of Chinese text. */
  wordAt(text: string, start: number, end: number): WordAt {
    const { from, to } = windowAround(text, start, end);
    let at = from;
    for (const word of this.cut(text.slice(from, to), true)) {
      const wStart = at;
      const wEnd = at + word.length;
      at = wEnd;
      if (wEnd <= start || wStart >= end) continue;
      if (wStart < start && wEnd > start && wEnd < end) return { word, fit: 'crosses', start: wStart };
      if (wStart > start && wStart < end && wEnd > end) return { word, fit: 'crosses', start: wStart };
      if (wStart <= start && wEnd >= end && (wStart < start || wEnd > end)) return { word, fit: 'inside', start: wStart };
    }
    return { word: text.slice(start, end), fit: 'word', start };
  }

  /**
   * A dictionary word that straddles an edge of the hit when the text is segmented WITHOUT the
   * tracked names (对方|太|强势 for 方太, 集中|兴趣 for 中兴), or null. The names are read at a high
   * frequency so that brand names are cut as words; that bias can also cut a brand out of an
   * ordinary word next to a frequent single character (对|方太|强势). Only words of two or more
   * characters that the plain dictionary knows count.
   */
  plainCrossing(text: string, start: number, end: number): string | null {
    const { from, to } = windowAround(text, start, end);
    if (from === start && to === end) return null;
    let at = from;
    for (const word of this.cut(text.slice(from, to), false)) {
      const wStart = at;
      const wEnd = at + word.length;
      at = wEnd;
      if (word.length < 2) continue;
      if ((wStart < start && wEnd > start && wEnd < end) || (wStart > start && wStart < end && wEnd > end)) return word;
    }
    return null;
  }

  /**
   * jieba's `cut(sentence, false)`: for each position, the words of the dictionary that start
   * there; from the end backwards, the path of highest Σ(ln freq − ln total) (a character no word
   * covers counts with frequency 1; on a tie the longer word wins, as in jieba); single ASCII
   * letters and digits on the path are joined. `withNames: false` reads the dictionary alone.
   * Public so that zh-words.test.ts can hold it to @node-rs/jieba's cuts.
   */
  cut(sentence: string, withNames: boolean): string[] {
    const dict = loadDictionary();
    if (this.total < 0) {
      this.total = dict.total;
      this.maxLen = dict.maxLen;
      for (const n of this.names.keys()) {
        this.total += NAME_FREQ - (dict.get(n) ?? 0);
        this.maxLen = Math.max(this.maxLen, n.length);
      }
    }
    const names = withNames ? this.names : null;
    const logTotal = Math.log(withNames ? this.total : dict.total);
    const maxLen = withNames ? this.maxLen : dict.maxLen;
    const namesReach = withNames ? this.namesMaxLen : 0;
    const n = sentence.length;
    const score = new Float64Array(n + 1);
    const next = new Int32Array(n + 1);
    for (let i = n - 1; i >= 0; i--) {
      // The words of the dictionary that start here; a character that starts none is a word of
      // frequency 1 (jieba's DAG: the lone character is an edge only when nothing else is).
      const single = i + (isHighSurrogate(sentence.charCodeAt(i)) && i + 1 < n ? 2 : 1);
      let best = Number.NEGATIVE_INFINITY;
      let bestEnd = -1;
      // No word (dictionary or name) longer than the longest that starts with this character:
      // the lookups beyond it would all miss, so the path found is the same without them.
      const dictReach = dict.reach(sentence.charCodeAt(i));
      const limit = Math.min(n, i + maxLen, i + Math.max(dictReach, namesReach));
      for (let j = single; j <= limit; j++) {
        const w = sentence.slice(i, j);
        const f = names?.get(w) ?? (dictReach === 0 ? undefined : dict.loadedFreq(w));
        if (f === undefined) continue;
        const s = Math.log(f) - logTotal + score[j]!;
        if (s >= best) {
          best = s;
          bestEnd = j;
        }
      }
      if (bestEnd < 0) {
        best = -logTotal + score[single]!;
        bestEnd = single;
      }
      score[i] = best;
      next[i] = bestEnd;
    }
    const words: string[] = [];
    let ascii = -1;
    for (let i = 0; i < n; ) {
      const j = next[i]!;
      const w = sentence.slice(i, j);
      if (isAsciiAlnum(w)) {
        if (ascii < 0) ascii = i;
      } else {
        if (ascii >= 0) words.push(sentence.slice(ascii, i));
        ascii = -1;
        words.push(w);
      }
      i = j;
    }
    if (ascii >= 0) words.push(sentence.slice(ascii));
    return words;
  }
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}
