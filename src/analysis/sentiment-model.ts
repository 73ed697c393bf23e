/**
 * The learned reading of a target's sentiment (engine 2.11). The rules (sentiment.ts) attribute
 * clauses to targets and sum lexicon polarities; a multinomial logistic model then reads the label
 * from those sums AND from the words of the clauses themselves, with names blanked. It was trained
 * on every labelled answer the engine may be tuned on (the training set and holdouts 1–12;
 * `npx tsx src/analysis/train-sentiment-model.ts`), and it exists because each new writer brings
 * wordings no hand-kept lexicon lists ("sleeps warm", "far less filler", 更新慢了不少): in
 * leave-one-holdout-out cross-validation the model read 0.914 / 0.883 (zh / en) where the rules
 * alone read 0.898 / 0.853 (docs/analysis-accuracy.md, engine 2.11).
 *
 * Features, per language (every name prefixed "zh_" or "en_"): a bias; the rules' label; the
 * rules' score; the pros and cons sums (capped); advised against, balanced, pros-and-cons-even;
 * whether the target is ranked; and the clause words — English word unigrams and bigrams, Chinese
 * character bigrams — present or absent. The label is the most probable class; the score is
 * P(positive) − P(negative), in (−1, 1).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Sentiment, SentimentLabel } from './types.js';

export const LABELS: readonly SentimentLabel[] = ['positive', 'neutral', 'negative'];

/** What the rules concluded about one target, the model's non-word input. */
export interface RuleReading {
  label: SentimentLabel;
  score: number;
  pros: number;
  cons: number;
  advised: boolean;
  verdict: boolean;
  even: boolean;
  ranked: boolean;
}

const WORD = /[a-z][a-z'-]*/g;
const IDEOGRAPHS = /[\u4e00-\u9fff]+/g;

/** Chinese when ideographs outnumber a third of the Latin letters (English answers hold almost none). */
export function languageOf(text: string): 'zh' | 'en' {
  let cjk = 0;
  let latin = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x4e00 && c <= 0x9fff) cjk++;
    else if (c >= 0x61 && c <= 0x7a) latin++;
  }
  return cjk * 3 > latin ? 'zh' : 'en';
}

/** The word features of clause texts (lower case, names already blanked). */
export function wordFeatures(lang: 'zh' | 'en', clauses: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const clause of clauses) {
    if (lang === 'en') {
      const words = clause.match(WORD) ?? [];
      for (let i = 0; i < words.length; i++) {
        out.add(`w:${words[i]}`);
        if (i + 1 < words.length) out.add(`b:${words[i]}_${words[i + 1]}`);
      }
    } else {
      for (const run of clause.match(IDEOGRAPHS) ?? []) for (let i = 0; i + 1 < run.length; i++) out.add(`z:${run.slice(i, i + 2)}`);
    }
  }
  return out;
}

/** The non-word features, as [name, value] pairs (names without the language prefix). */
export function ruleFeatures(r: RuleReading): Array<[string, number]> {
  return [
    ['bias', 1],
    [`rule_${r.label}`, 1],
    ['tanh', r.score],
    ['pros', Math.min(r.pros, 4) / 2],
    ['cons', Math.min(r.cons, 4) / 2],
    ['adv', r.advised ? 1 : 0],
    ['even', r.even ? 1 : 0],
    ['verdict', r.verdict ? 1 : 0],
    ['ranked', r.ranked ? 1 : 0],
  ];
}

/** The weights: a feature's row index, and a row's three logit weights. */
interface Weights {
  find(feature: string): number;
  at(row: number, label: number): number;
}

/**
 * The committed weights (the trainer's output) in src/analysis: beside this module under tsx, and
 * from dist/src/analysis (or the analyze bundle, which sees that URL) three levels up.
 */
const BESIDE = fileURLToPath(new URL('./sentiment-weights.json', import.meta.url));
export const WEIGHTS_FILE = existsSync(BESIDE) ? BESIDE : fileURLToPath(new URL('../../../src/analysis/sentiment-weights.json', import.meta.url));
/** The same weights packed by the build (build-sentiment-weights.ts): sorted keys and a Float64 table. */
export const PACKED_WEIGHTS_FILE = fileURLToPath(new URL('./sentiment-weights.bin', import.meta.url));

/**
 * Packed layout (little-endian): u32 key count n; u32 start offsets of the n keys in the key bytes,
 * and their end (n + 1 values); the keys (UTF-8, sorted); zero padding to a multiple of 8; then
 * three float64 per key (positive, neutral, negative). Reading it makes no string and no object
 * per key: a lookup is a binary search comparing the feature's UTF-8 bytes with the keys' bytes
 * (for the keys' characters — ASCII, CJK — byte order is code-unit order). Parsing the 370 kB JSON
 * into a Map cost a cold `analyze` ~30 ms, splitting the keys ~9 ms.
 */
export function packWeights(weights: Readonly<Record<string, readonly number[]>>): Buffer {
  const keys = Object.keys(weights).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const encoded = keys.map((k) => Buffer.from(k, 'utf8'));
  const keyBytes = encoded.reduce((n, k) => n + k.length, 0);
  const keysAt = 4 + (keys.length + 1) * 4;
  const tableAt = Math.ceil((keysAt + keyBytes) / 8) * 8;
  const out = Buffer.alloc(tableAt + keys.length * 24);
  out.writeUInt32LE(keys.length, 0);
  let at = 0;
  encoded.forEach((k, i) => {
    out.writeUInt32LE(at, 4 + i * 4);
    k.copy(out, keysAt + at);
    at += k.length;
  });
  out.writeUInt32LE(at, 4 + keys.length * 4);
  keys.forEach((k, i) => {
    for (let c = 0; c < 3; c++) out.writeDoubleLE(weights[k]![c]!, tableAt + (i * 3 + c) * 8);
  });
  return out;
}

/** The committed JSON weights, packed (the build writes this to PACKED_WEIGHTS_FILE). */
export function packCommittedWeights(): Buffer {
  return packWeights(JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as Record<string, number[]>);
}

function unpack(bytes: Buffer): Weights {
  const n = bytes.readUInt32LE(0);
  const starts = new Uint32Array(bytes.buffer, bytes.byteOffset + 4, n + 1);
  const keysAt = 4 + (n + 1) * 4;
  const tableAt = Math.ceil((keysAt + starts[n]!) / 8) * 8;
  const table = new Float64Array(bytes.buffer, bytes.byteOffset + tableAt, n * 3);
  return {
    find(feature) {
      const wanted = Buffer.from(feature, 'utf8');
      let lo = 0;
      let hi = n - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const order = bytes.compare(wanted, 0, wanted.length, keysAt + starts[mid]!, keysAt + starts[mid + 1]!);
        if (order === 0) return mid;
        // compare() orders the key against the feature: < 0 means the key sorts first.
        if (order < 0) lo = mid + 1;
        else hi = mid - 1;
      }
      return -1;
    },
    at: (row, label) => table[row * 3 + label]!,
  };
}

let weights: Weights | null = null;
/** Read on first use; from the packed file when the build made it, else (tests from src/) from the JSON. */
function loaded(): Weights {
  if (weights !== null) return weights;
  let bytes: Buffer;
  try {
    // A file this size gets its own ArrayBuffer (offset 0); should a read ever return an unaligned
    // slice, copy it, since the Float64 and Uint32 views need aligned offsets.
    const read = readFileSync(PACKED_WEIGHTS_FILE);
    bytes = read.byteOffset % 8 === 0 ? read : Buffer.concat([read]);
  } catch {
    bytes = packCommittedWeights(); // from src/ (tests, tsx), or a dist/ the build has not packed yet
  }
  weights = unpack(bytes);
  return weights;
}

/** Class scores (logits) for one target. */
export function logits(lang: 'zh' | 'en', rule: RuleReading, words: ReadonlySet<string>, w: Weights = loaded()): [number, number, number] {
  const z: [number, number, number] = [0, 0, 0];
  const add = (name: string, value: number): void => {
    if (value === 0) return;
    const row = w.find(`${lang}_${name}`);
    if (row < 0) return;
    z[0] += w.at(row, 0) * value;
    z[1] += w.at(row, 1) * value;
    z[2] += w.at(row, 2) * value;
  };
  for (const [name, value] of ruleFeatures(rule)) add(name, value);
  for (const word of words) add(word, 1);
  return z;
}

export function readSentiment(lang: 'zh' | 'en', rule: RuleReading, words: ReadonlySet<string>): Sentiment {
  const z = logits(lang, rule, words);
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const sum = e[0]! + e[1]! + e[2]!;
  const best = z.indexOf(m);
  const score = Math.round(((e[0]! - e[2]!) / sum) * 1000) / 1000 || 0;
  return { label: LABELS[best]!, score };
}
