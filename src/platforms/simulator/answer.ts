/**
 * Composes a simulated chatbot answer: a ranked list, a brand review, a head-to-head comparison
 * or brand-free advice, in the prompt's language, with praise, complaints and cited URLs.
 * Pure and deterministic: the same (platform, prompt, day) always gives the same answer.
 */
import type { PlatformId } from '../types.js';
import { GENERIC_CATEGORY, type Brand, type Category } from './categories.js';
import { ADVICE, PHRASES, type PhraseBank } from './phrases.js';
import { readPrompt, type Language, type NamedBrand } from './prompt.js';
import { seededRandom, type Random } from './random.js';
import { officialUrl, pickSources, searchResults, siteName, type SearchResult } from './sources.js';
import { catalogueBrand, inventedBrand, presence, spokenName, type SimulationHint } from './subjects.js';

export interface AnswerInput {
  platform: PlatformId;
  /** The question (the last user message). */
  prompt: string;
  /** Everything that should change the answer when it changes (all message contents). */
  conversation: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** The run's brand and competitors, and its sample id (simulate-mode monitoring runs). */
  hint?: SimulationHint | undefined;
}

export interface SimulatedAnswer {
  content: string;
  /** Perplexity-style source list; empty for the other platforms. */
  citations: string[];
  searchResults: SearchResult[];
}

interface Entry {
  display: string;
  brand: Brand;
  /** For a tracked brand drawn into the answer: how present it is (places it higher in the list). */
  presence?: number;
}

interface Context {
  language: Language;
  phrases: PhraseBank;
  category: Category;
  random: Random;
  /** Perplexity numbers its sources `[1]`, `[2]` and returns them as `citations`. */
  numbered: boolean;
  sources: { domain: string; url: string }[];
}

const CJK_NAME = /[\u3400-\u9fff]/;
/** "推荐几款…" / "best … like Acme": a list is wanted even though one brand was named. */
const ASKS_FOR_LIST = /推荐|有哪些|排行|排名|榜单|哪几|\b(?:top|best|recommend|alternatives?|list)\b/i;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** How a listed brand is written: Chinese answers sometimes add the Latin name in full-width brackets. */
function displayName(brand: Brand, ctx: Context): string {
  if (ctx.language === 'en') return brand.en;
  if (brand.zh !== brand.en && CJK_NAME.test(brand.zh) && ctx.random.chance(0.3)) return `${brand.zh}（${brand.en}）`;
  return brand.zh;
}

function namedEntry(named: NamedBrand, ctx: Context): Entry {
  if (named.known) return { display: named.name, brand: named.known.brand };
  const latin = /^[A-Za-z0-9 .&'-]+$/.test(named.name);
  const domain = latin ? `${named.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com` : '';
  const noteZh = ctx.random.pick(ctx.category.pros.zh);
  const noteEn = ctx.random.pick(ctx.category.pros.en);
  return { display: named.name, brand: { zh: named.name, en: named.name, domain, noteZh, noteEn } };
}

function note(brand: Brand, ctx: Context): string {
  return ctx.language === 'zh' ? brand.noteZh : brand.noteEn;
}

function marker(ctx: Context): string {
  return ctx.numbered && ctx.random.chance(0.7) ? `[${ctx.random.int(1, ctx.sources.length)}]` : '';
}

/**
 * Popular brands tend to rank high, with enough noise that platforms and days disagree. Tracked
 * brands (the run's hint) appear only when drawn, the more present ones higher up.
 */
function rankedEntries(forced: Entry[], ctx: Context, tracked: Tracked = { drawn: [], brands: new Set() }): Entry[] {
  const pool = ctx.category.brands
    .map((brand, index) => ({ brand, score: index + ctx.random.next() * 4 }))
    .sort((a, b) => a.score - b.score);
  const count = Math.min(pool.length, ctx.random.int(5, 7));
  const forcedBrands = new Set(forced.map((entry) => entry.brand));
  const list: Entry[] = pool
    .slice(0, count)
    .filter(({ brand }) => !forcedBrands.has(brand) && !tracked.brands.has(brand))
    .map(({ brand }) => ({ display: displayName(brand, ctx), brand }));
  for (const entry of forced) list.splice(ctx.random.int(0, Math.min(list.length, 4)), 0, entry);
  for (const entry of tracked.drawn) {
    const deepest = Math.round((1 - (entry.presence ?? 0.5)) * 6);
    list.splice(Math.min(list.length, ctx.random.int(0, deepest)), 0, entry);
  }
  return list.slice(0, Math.max(count, forced.length + tracked.drawn.length));
}

interface Tracked {
  /** Tracked brands this answer names. */
  drawn: Entry[];
  /** Catalogue brands that are tracked: they appear only through the draw. */
  brands: Set<Brand>;
}

/** Draws which tracked brands (not named in the question) this answer names. */
function drawTracked(hint: SimulationHint | undefined, named: readonly NamedBrand[], ctx: Context, platform: PlatformId, day: string): Tracked {
  const result: Tracked = { drawn: [], brands: new Set() };
  if (!hint) return result;
  const askedAbout = new Set(named.map((n) => n.name.toLowerCase()));
  for (const t of [hint.subject, ...hint.competitors]) {
    if ([t.name, ...t.aliases].some((n) => askedAbout.has(n.toLowerCase()))) continue;
    const found = catalogueBrand(t, ctx.category);
    const known = found?.brand;
    if (known) result.brands.add(known);
    const p = presence(t, platform, day, ctx.language, found?.popularity);
    if (!ctx.random.chance(p)) continue;
    // A brand the platform knows is written the platform's way (瑞幸, Luckin Coffee), whatever the user typed.
    const entry = known
      ? { display: displayName(known, ctx), brand: known, presence: p }
      : { display: spokenName(t, ctx.language, ctx.random), brand: inventedBrand(t, ctx.category, ctx.random), presence: p };
    result.drawn.push(entry);
  }
  return result;
}

function itemLines(entries: Entry[], ctx: Context): string[] {
  const { phrases, random, language } = ctx;
  const pros = ctx.category.pros[language];
  const cons = ctx.category.cons[language];
  const style = random.pick(['numbered', 'headings', 'bullets'] as const);
  return entries.map((entry, index) => {
    const pro = random.pick(pros);
    const con = random.chance(0.45) ? ` ${random.pick(phrases.con)(random.pick(cons))}` : '';
    const text = note(entry.brand, ctx);
    if (style === 'headings') {
      const url = officialUrl(entry.brand);
      const official = url && !ctx.numbered && random.chance(0.3) ? `\n- ${random.pick(phrases.official)(url)}` : '';
      const consLine = con ? `\n- **${phrases.consLabel}**：${con.trim()}` : '';
      const colon = language === 'zh' ? '：' : ': ';
      return `### ${index + 1}. ${entry.display}\n- **${phrases.pros}**${colon}${text}${phrases.listSeparator}${pro}${marker(ctx)}${consLine}${official}`;
    }
    const body =
      language === 'zh' ? `：${text}，${pro}。${con.trim()}` : ` — ${capitalise(text)}, with ${pro}.${con}`;
    const bullet = style === 'numbered' ? `${index + 1}.` : '-';
    return `${bullet} **${entry.display}**${body}${marker(ctx)}`;
  });
}

function sourceLines(ctx: Context): string[] {
  if (ctx.numbered || ctx.sources.length === 0) return [];
  const [first, second] = ctx.sources;
  const lines: string[] = [];
  if (first && ctx.random.chance(0.6)) lines.push(ctx.random.pick(ctx.phrases.sourcesGlued)(first.url));
  if (second && ctx.random.chance(0.5)) lines.push(ctx.random.pick(ctx.phrases.sourcesLink)(siteName(second.domain), second.url));
  return lines;
}

function warningLine(entries: Entry[], ctx: Context): string[] {
  if (entries.length < 2 || !ctx.random.chance(0.35)) return [];
  const target = entries[ctx.random.int(1, entries.length - 1)] as Entry;
  return [ctx.random.pick(ctx.phrases.warning)(target.display, ctx.random.pick(ctx.category.cons[ctx.language]))];
}

function categoryLabel(ctx: Context): string {
  return ctx.language === 'zh' ? ctx.category.zh : ctx.category.en;
}

function rankedAnswer(forced: Entry[], ctx: Context, tracked?: Tracked): string[] {
  const entries = rankedEntries(forced, ctx, tracked);
  return [
    ctx.random.pick(ctx.phrases.intro)(categoryLabel(ctx)),
    itemLines(entries, ctx).join('\n'),
    ...warningLine(entries, ctx),
    ...sourceLines(ctx),
    ctx.random.pick(ctx.phrases.outro)(''),
  ];
}

function reviewAnswer(subject: Entry, ctx: Context): string[] {
  const { random, phrases, language } = ctx;
  const [pro1, pro2] = random.sample(ctx.category.pros[language], 2);
  const [con1, con2] = random.sample(ctx.category.cons[language], 2);
  const bullet = (items: (string | undefined)[]): string => items.filter(Boolean).map((x) => `- ${x}`).join('\n');
  const roll = random.next();
  const verdict = roll < 0.5 ? phrases.verdictGood : roll < 0.85 ? phrases.verdictMixed : phrases.verdictBad;
  const lines = [
    random.pick(phrases.introReview)(subject.display, categoryLabel(ctx)),
    `**${phrases.pros}**\n${bullet([note(subject.brand, ctx), pro1, pro2])}${marker(ctx)}`,
    `**${phrases.consLabel}**\n${bullet([con1, con2])}`,
    random.pick(verdict)(subject.display, roll < 0.5 ? pro1 : con1),
  ];
  const alternatives = ctx.category.brands.filter((b) => b !== subject.brand);
  if (alternatives.length > 0) {
    const picked = random.sample(alternatives, random.int(2, 3)).map((brand) => ({ display: displayName(brand, ctx), brand }));
    lines.push(random.pick(phrases.alternatives)(categoryLabel(ctx)));
    lines.push(picked.map((e, i) => `${i + 1}. **${e.display}**${language === 'zh' ? '：' : ' — '}${note(e.brand, ctx)}`).join('\n'));
  }
  return [...lines, ...sourceLines(ctx)];
}

function compareAnswer(entries: Entry[], ctx: Context): string[] {
  const { random, phrases, language } = ctx;
  const names = entries.map((e) => e.display).join(language === 'zh' ? '和' : ' and ');
  const sections = entries.map((entry) => {
    const pro = random.pick(ctx.category.pros[language]);
    const con = random.pick(ctx.category.cons[language]);
    const colon = language === 'zh' ? '：' : ': ';
    return `### ${entry.display}\n- **${phrases.pros}**${colon}${note(entry.brand, ctx)}${phrases.listSeparator}${pro}${marker(ctx)}\n- **${phrases.consLabel}**${colon}${con}`;
  });
  const winner = random.pick(entries);
  return [
    random.pick(phrases.introCompare)(names),
    ...sections,
    random.pick(phrases.conclusion)(winner.display, random.pick(ctx.category.pros[language])),
    ...sourceLines(ctx),
  ];
}

/** Some answers name no brand at all: measurement must cope with "not mentioned" honestly. */
function adviceAnswer(ctx: Context): string[] {
  const items = ctx.random.sample(ADVICE[ctx.language], ctx.random.int(3, 5));
  const separator = ctx.language === 'zh' ? '：' : ': ';
  return [
    ctx.random.pick(ctx.phrases.advice)(categoryLabel(ctx)),
    items.map(([head, body], i) => `${i + 1}. **${head}**${separator}${body}${marker(ctx)}`).join('\n'),
    ...sourceLines(ctx),
    ctx.random.pick(ctx.phrases.outro)(''),
  ];
}

export function generateAnswer(input: AnswerInput): SimulatedAnswer {
  // The sample (run) is part of the seed: two runs on one day are two draws, one run retried is one.
  const sample = input.hint?.sample ? `${input.hint.sample}\n` : '';
  const random = seededRandom(`${input.platform}\n${input.day}\n${sample}${input.conversation}`);
  const reading = readPrompt(input.prompt);
  const category = reading.category ?? GENERIC_CATEGORY;
  const language = reading.language;
  const topic = language === 'zh' ? category.zh : category.en;
  const numbered = input.platform === 'perplexity';
  const sources = pickSources(category, language, reading.named[0]?.name ?? topic, input.day, random);
  const ctx: Context = { language, phrases: PHRASES[language], category, random, numbered, sources };
  const forced = reading.named.map((named) => namedEntry(named, ctx));
  const tracked = drawTracked(input.hint, reading.named, ctx, input.platform, input.day);
  let paragraphs: string[];
  if (forced.length >= 2) paragraphs = compareAnswer(forced, ctx);
  else if (forced.length === 1 && ASKS_FOR_LIST.test(input.prompt)) paragraphs = rankedAnswer(forced, ctx, tracked);
  else if (forced.length === 1) paragraphs = reviewAnswer(forced[0] as Entry, ctx);
  else if ((category.brands.length === 0 && tracked.drawn.length === 0) || random.chance(0.1)) paragraphs = adviceAnswer(ctx);
  else paragraphs = rankedAnswer([], ctx, tracked);
  return {
    content: paragraphs.join('\n\n'),
    citations: numbered ? sources.map((s) => s.url) : [],
    searchResults: numbered ? searchResults(sources, topic, language, input.day, random) : [],
  };
}
