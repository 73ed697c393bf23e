/**
 * Chinese word segmentation for mention decisions (measurement-rules.md §1: "a substring across a
 * Chinese word boundary" is not a mention; 中华为人民 is 中华 + 为人民, not 华为).
 *
 * @node-rs/jieba (a native jieba port) with the tracked names added to its dictionary, chosen over
 * Intl.Segmenter after measuring both (docs/decisions.md): ICU's dictionary does not know brand
 * names and cannot take a user dictionary (华为手机 → 华/为/手机, 长安街 → 长安/街), and its
 * segmenter measured far slower on long runs of Chinese text.
 *
 * Cost control: the dictionary is loaded lazily, only when a Chinese name matched, and trimmed to
 * the words with frequency ≥ DICT_MIN_FREQ (~67k of 349k words: loads in about a fifth of the
 * time, the same cuts on the labelled sets); only the run of Chinese text around a hit (at most
 * WINDOW characters each side) is segmented, so throughput stays with the matcher.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Jieba } from '@node-rs/jieba';

const DICT_MIN_FREQ = 30;
/** Frequency given to tracked names: high enough to win over ordinary splits, low enough that 中华为 stays 中华/为. */
const NAME_FREQ = 2000;
const WINDOW = 12;

let jieba: Jieba | null = null;
/** The same dictionary WITHOUT the tracked names: how the text reads to someone who does not know the brand. */
let plainJieba: Jieba | null = null;
const loadedNames = new Set<string>();

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

function newJieba(): Jieba {
  const require = createRequire(import.meta.url);
  const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
  const dict = existsSync(TRIMMED_DICT) ? readFileSync(TRIMMED_DICT) : Buffer.from(trimmedDictionary());
  return JiebaClass.withDict(dict);
}

function instance(): Jieba {
  jieba ??= newJieba();
  return jieba;
}

/** Build step (package.json "build"): write the trimmed dictionary beside the built module. */
export function writeTrimmedDictionary(): void {
  writeFileSync(TRIMMED_DICT, trimmedDictionary());
}

/** Add tracked Chinese names to the segmenter's dictionary (once per name per process). */
export function addNames(names: readonly string[]): void {
  const fresh = names.filter((n) => /[\u3400-\u9fff]/.test(n) && !/\s/.test(n) && !loadedNames.has(n));
  if (fresh.length === 0) return;
  for (const n of fresh) loadedNames.add(n);
  if (jieba !== null) jieba.loadDict(Buffer.from(fresh.map((n) => `${n} ${NAME_FREQ} nz`).join('\n')));
}

function ensureLoaded(): Jieba {
  const wasNull = jieba === null;
  const j = instance();
  if (wasNull && loadedNames.size > 0) j.loadDict(Buffer.from([...loadedNames].map((n) => `${n} ${NAME_FREQ} nz`).join('\n')));
  return j;
}

function isCjk(c: number): boolean {
  return c >= 0x3400 && c <= 0x9fff;
}

export interface WordAt {
  /** The word that holds the hit, or that crosses one of its edges. */
  word: string;
  /** 'word': the hit is exactly one or more whole words; 'crosses': a word straddles an edge; 'inside': the hit is part of a longer word. */
  fit: 'word' | 'crosses' | 'inside';
  /** Offset of that word in `text`. */
  start: number;
}

/** How the hit [start, end) of folded `text` sits among the words of its run of Chinese text. */
export function wordAt(text: string, start: number, end: number): WordAt {
  let from = start;
  while (from > 0 && start - from < WINDOW && isCjk(text.charCodeAt(from - 1))) from--;
  let to = end;
  while (to < text.length && to - end < WINDOW && isCjk(text.charCodeAt(to))) to++;
  const words = ensureLoaded().cut(text.slice(from, to), false);
  let at = from;
  for (const word of words) {
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
 * tracked names (对方|太|强势 for 方太, 集中|兴趣 for 中兴), or null. The names are added to the
 * segmenter's dictionary at a high frequency so that brand names are cut as words; that bias can
 * also cut a brand out of an ordinary word next to a frequent single character (对|方太|强势).
 * Only words of two or more characters that the plain dictionary knows count.
 */
export function plainCrossing(text: string, start: number, end: number): string | null {
  let from = start;
  while (from > 0 && start - from < WINDOW && isCjk(text.charCodeAt(from - 1))) from--;
  let to = end;
  while (to < text.length && to - end < WINDOW && isCjk(text.charCodeAt(to))) to++;
  if (from === start && to === end) return null;
  plainJieba ??= newJieba();
  let at = from;
  for (const word of plainJieba.cut(text.slice(from, to), false)) {
    const wStart = at;
    const wEnd = at + word.length;
    at = wEnd;
    if (word.length < 2) continue;
    if ((wStart < start && wEnd > start && wEnd < end) || (wStart > start && wStart < end && wEnd > end)) return word;
  }
  return null;
}
