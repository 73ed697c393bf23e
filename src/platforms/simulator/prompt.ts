/**
 * Reads a user prompt the way a chatbot would, just enough to answer plausibly: which language,
 * which product category, and which brands (known or not) the user named. Brands named in the
 * prompt must show up in the answer, or a brand-specific question would get an absurd reply.
 */
import { BRAND_INDEX, CATEGORIES, type BrandRef, type Category } from './categories.js';

export type Language = 'zh' | 'en';

export interface NamedBrand {
  /** As the user wrote it (so "石头科技" stays "石头科技" even though "石头" is known). */
  name: string;
  known: BrandRef | undefined;
}

export interface PromptReading {
  language: Language;
  category: Category | undefined;
  named: NamedBrand[];
}

const MAX_NAMED = 4;
const CJK = /[\u3400-\u9fff]/g;
const LATIN_LETTER = /[A-Za-z]/g;

/** Chinese when CJK characters carry a real share of the text; a stray 华为 in English stays English. */
export function detectLanguage(text: string): Language {
  const cjk = text.match(CJK)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  return cjk >= 2 && cjk * 3 >= latin ? 'zh' : 'en';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** English words that are also brand names: only match them when written with the brand's capitals. */
const CASE_SENSITIVE = new Set(['apple', 'honor', 'beats', 'corona', 'manner', 'good me', 'snow beer', 'a2']);

function latinPattern(name: string): RegExp {
  const flags = CASE_SENSITIVE.has(name.toLowerCase()) ? 'g' : 'gi';
  return new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(name)}(?![A-Za-z0-9])`, flags);
}

interface Matcher {
  ref: BrandRef;
  patterns: (string | RegExp)[];
}

const MATCHERS: readonly Matcher[] = BRAND_INDEX.map((ref) => {
  const names = [...new Set([ref.brand.zh, ref.brand.en])];
  return { ref, patterns: names.map((name) => (/[\u3400-\u9fff]/.test(name) ? name : latinPattern(name))) };
});

const CATEGORY_PATTERNS: readonly { category: Category; patterns: RegExp[] }[] = CATEGORIES.map((category) => ({
  category,
  patterns: [
    ...category.keywordsZh.map((k) => new RegExp(escapeRegExp(k), 'i')),
    ...category.keywordsEn.map((k) => new RegExp(`(?<![a-z])${escapeRegExp(k)}(?:s|es)?(?![a-z])`, 'i')),
  ],
}));

/** The category whose keyword appears first (the longest keyword on a tie). */
export function detectCategory(text: string): Category | undefined {
  let best: { category: Category; index: number; length: number } | undefined;
  for (const { category, patterns } of CATEGORY_PATTERNS) {
    for (const pattern of patterns) {
      const match = pattern.exec(text);
      if (!match) continue;
      const better = !best || match.index < best.index || (match.index === best.index && match[0].length > best.length);
      if (better) best = { category, index: match.index, length: match[0].length };
    }
  }
  return best?.category;
}

interface Span {
  start: number;
  end: number;
  name: string;
  known: BrandRef | undefined;
}

function knownSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const { ref, patterns } of MATCHERS) {
    for (const pattern of patterns) {
      if (typeof pattern === 'string') {
        const index = text.indexOf(pattern);
        if (index >= 0) spans.push({ start: index, end: index + pattern.length, name: pattern, known: ref });
      } else {
        pattern.lastIndex = 0;
        const match = pattern.exec(text);
        if (match) spans.push({ start: match.index, end: match.index + match[0].length, name: match[0], known: ref });
      }
    }
  }
  return spans;
}

const EN_STOPWORDS = new Set(
  (
    'i is are was were be am what which who whom whose where when why how the a an best top good better great cheap ' +
    'recommend recommended should could would can do does did compare comparison vs versus or and for in on of to with ' +
    'my me please tell give list any some most more reliable worth buying buy review reviews pros cons china chinese ' +
    'english us usa uk eu europe asia ai llm faq json hi hello thanks ok yes no it this that these those there here ' +
    'crm suv ev evs saas app apps pk top pro max plus mini ultra q&a january february march april may june july august ' +
    'september october november december monday tuesday wednesday thursday friday saturday sunday if so also then ' +
    'between about anyone someone everyone you your we our they their is there any good alternatives alternative'
  ).split(' '),
);

/** Whether the simulator reads this English word as an ordinary word, never a brand (question words, months, …). */
export function isEnglishStopword(word: string): boolean {
  return EN_STOPWORDS.has(word.toLowerCase());
}

/** Capitalised runs of Latin words ("Acme", "Acme Robotics", "iPhone"), or any Latin run inside Chinese text. */
function latinCandidates(text: string, language: Language): Span[] {
  const spans: Span[] = [];
  const run = /[A-Za-z0-9][A-Za-z0-9&+.'’-]*(?: [A-Za-z0-9][A-Za-z0-9&+.'’-]*)*/g;
  for (const match of text.matchAll(run)) {
    const words = match[0].split(' ');
    let group: string[] = [];
    let groupStart = match.index;
    let offset = match.index;
    const flush = (): void => {
      if (group.length > 0) {
        const name = group.join(' ').replace(/['’]s$/, '').replace(/[.'’-]+$/, '');
        if (name.length >= 2) spans.push({ start: groupStart, end: groupStart + name.length, name, known: undefined });
      }
      group = [];
    };
    for (const word of words) {
      const bare = word.toLowerCase().replace(/['’]s$/, '');
      // A capital at the start of an English sentence says nothing; "Looking for…" is no brand.
      const sentenceStart = language === 'en' && /(?:^|[.?!:])$/.test(text.slice(0, offset).trimEnd());
      const brandLike =
        !EN_STOPWORDS.has(bare) &&
        !/^\d+$/.test(word) &&
        !(sentenceStart && /(?:ing|ed|ly)$/.test(bare)) &&
        (language === 'zh' || /^[A-Z]|[a-z][A-Z]/.test(word));
      if (brandLike) {
        if (group.length === 0) groupStart = offset;
        group.push(word);
      } else flush();
      offset += word.length + 1;
    }
    flush();
  }
  return spans;
}

const ZH_FILLER_START = /^(?:请问|问一下|问下|我想知道|想了解一下|想了解|大家觉得|你觉得|关于|听说|现在|目前|最近|那么|所以)+/;
const ZH_GENERIC_END = ['品牌', '牌子', '产品', '公司', '官方', '旗舰店', '汽车', '家的', '家', '的'];
/** Aspects people ask about ("小米的售后怎么样"): stripped from a name, and never a name alone. */
const ZH_ASPECTS = ['性价比', '质量', '售后', '口碑', '续航', '价格', '服务', '体验', '效果', '拍照', '屏幕', '系统', '安全性', '预算'];
const ZH_REJECT = /[什哪怎吗呢么推荐有没这那我你他她它谁]/;
const ZH_CATEGORY_WORDS: readonly string[] = CATEGORIES.flatMap((c) => c.keywordsZh)
  .concat(ZH_GENERIC_END, ZH_ASPECTS)
  .sort((a, b) => b.length - a.length);

function cleanZhName(raw: string): string | undefined {
  let name = raw.trim().replace(ZH_FILLER_START, '');
  for (let changed = true; changed; ) {
    changed = false;
    for (const word of ZH_CATEGORY_WORDS) {
      if (name.length > word.length && name.toLowerCase().endsWith(word.toLowerCase())) {
        name = name.slice(0, -word.length);
        changed = true;
      }
    }
  }
  name = name.replace(/[的之]$/, '').trim();
  if (name.length < 2 || name.length > 12 || ZH_REJECT.test(name) || /^\d+$/.test(name)) return undefined;
  // "预算3000" is a budget, not a brand: digits next to Chinese characters.
  if (/\d/.test(name) && /[\u3400-\u9fff]/.test(name)) return undefined;
  if (ZH_ASPECTS.includes(name)) return undefined;
  if (CATEGORIES.some((c) => c.keywordsZh.includes(name))) return undefined;
  return name;
}

const ZH_COMPARE = /([^，,。！？?!\s]{1,16}?)(?:和|与|跟|还是|对比|vs\.?|VS|PK|pk)([^，,。！？?!\s]{1,16}?)(?:哪个|哪家|谁|比较|怎么选|的区别|区别|相比|选哪|更好|到底)/g;
const ZH_ABOUT = /([^，,。！？?!\s]{2,16}?)(?:怎么样|好不好|好用吗|靠谱吗|值得买吗|值不值得|质量如何|口碑如何|口碑怎么样|评价如何|如何|是否值得|可靠吗)/g;
const QUOTED = /[“"「『]([^”"」』]{1,30})[”"」』]/g;

/** Words that say the question is about a company or product, not the weather. */
const ZH_BRAND_CUE = /品牌|牌子|公司|产品|靠谱|值得买|值不值得|口碑|售后|质量/;

/**
 * "A和B哪个好" names two things by its very shape; "X怎么样" only names a brand when the prompt is
 * about a product category or says so ("今天天气怎么样" is not about a brand called 今天天气).
 */
function chineseCandidates(text: string, category: Category | undefined): Span[] {
  const spans: Span[] = [];
  const add = (raw: string | undefined, start: number): void => {
    if (raw === undefined) return;
    const name = cleanZhName(raw);
    if (name === undefined) return;
    const at = text.indexOf(name, start);
    spans.push({ start: at >= 0 ? at : start, end: (at >= 0 ? at : start) + name.length, name, known: undefined });
  };
  for (const m of text.matchAll(ZH_COMPARE)) {
    add(m[1], m.index);
    add(m[2], m.index + (m[1]?.length ?? 0));
  }
  if (category === undefined && !ZH_BRAND_CUE.test(text)) return spans;
  for (const m of text.matchAll(ZH_ABOUT)) add(m[1], m.index);
  return spans;
}

function quotedCandidates(text: string): Span[] {
  return [...text.matchAll(QUOTED)]
    .filter((m) => m[1] !== undefined && !ZH_REJECT.test(m[1]) && !/[?？]/.test(m[1]))
    .map((m) => ({ start: m.index + 1, end: m.index + 1 + (m[1] as string).length, name: (m[1] as string).trim(), known: undefined }));
}

/** Known names win, but a longer name the user wrote around a known one ("石头科技") keeps the user's wording. */
function mergeSpans(known: Span[], guessed: Span[], category: Category | undefined): Span[] {
  const result: Span[] = [];
  const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;
  const sortedKnown = [...known].sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  for (const span of sortedKnown) {
    const clash = result.find((other) => overlaps(other, span));
    if (!clash) result.push(span);
    // The same brand listed under several categories: keep the entry of the asked category.
    else if (clash.name === span.name && span.known?.category === category && clash.known?.category !== category) {
      result[result.indexOf(clash)] = span;
    } else if (span.end - span.start > clash.end - clash.start) result[result.indexOf(clash)] = span;
  }
  for (const span of guessed) {
    const clash = result.find((other) => overlaps(other, span));
    if (!clash) result.push(span);
    else if (clash.known && span.name.includes(clash.name) && span.name.length > clash.name.length) {
      result[result.indexOf(clash)] = { ...span, known: clash.known };
    }
  }
  return result.sort((a, b) => a.start - b.start);
}

export function readPrompt(text: string): PromptReading {
  const language = detectLanguage(text);
  let category = detectCategory(text);
  const known = knownSpans(text);
  const guessed = [...quotedCandidates(text), ...latinCandidates(text, language), ...chineseCandidates(text, category)];
  const spans = mergeSpans(known, guessed, category);
  const named: NamedBrand[] = [];
  const seen = new Set<string>();
  for (const span of spans) {
    const key = span.name.toLowerCase();
    if (seen.has(key) || named.length >= MAX_NAMED) continue;
    seen.add(key);
    named.push({ name: span.name, known: span.known });
  }
  category ??= named.find((n) => n.known)?.known?.category;
  return { language, category, named };
}
