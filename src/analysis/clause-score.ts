/**
 * Scoring one clause: lexicon hits (Chinese substrings, English words), each flipped by a nearby
 * negator (不/没/并非/未/not/never/isn't…), boosted by an intensifier (非常/很/最/very/extremely…)
 * or damped by a downtoner (略/有点/slightly/somewhat…), and the clause's comparison shape:
 *
 * - inherent comparatives: "A 优于/胜过/领先于 B", "A outperforms/beats B" (+ for A, − for B) and
 *   "A 不如/逊于/落后于 B", "A trails/lags behind B" (− for A, + for B);
 * - generic comparatives: "A 比 B 更好", "A is better than B": the clause's lexicon polarity P goes
 *   to the side before the marker (subject), −P to the side after it (object);
 * - object-introducing clauses ("相比小米，", "Compared with Apple,"): their names are objects of
 *   the NEXT clause's polarity.
 * Names inside the clause are blanked before lexicon matching ("Best Buy" is not "best").
 */
import { EN_LEXICON } from './lexicon-en.js';
import { ZH_LEXICON } from './lexicon-zh.js';
import type { Span } from './types.js';

// Patterns of the per-clause and per-hit code below, compiled once (a regex literal in a function
// body is a new RegExp object every time it is evaluated); TYPOGRAPHIC_APOSTROPHE only with replace.
const NON_LETTERS = /[^a-z'’]+/;
const FIGURE_START = /^\s?\d/;
const TYPOGRAPHIC_APOSTROPHE = /’/g;

export interface ClauseScore {
  /** Lexicon polarity of the clause (before contrast weighting). */
  polarity: number;
  /** Comparison marker (folded offsets) and the polarity the subject gets; null when none. */
  comparison: { start: number; end: number; subjectPolarity: number } | null;
  /** The clause only introduces the compared-with side ("相比X"). */
  objectIntro: boolean;
}

/**
 * Lexicon index: entries grouped by first character, longest first. Scanning tries only the
 * entries that start with the character at hand (and, for English, only at word starts), which
 * measured several times faster than one 500-way alternation RegExp.
 */
interface Entry {
  word: string;
  weight: number;
  /** English: "*" stem (any letters may follow) and word-boundary checks. */
  latin: boolean;
  stem: boolean;
}
const byFirstChar = new Map<string, Entry[]>();
{
  // A later entry of the same word replaces an earlier one and takes its place in the order
  // (Map.delete + set); each first character's list is then sorted once, longest first (a stable
  // sort keeps that order among words of one length). Sorting after every insertion, as before,
  // cost ~25 ms of a cold start once the lexicons passed 2 000 entries.
  const entries = new Map<string, Entry>();
  const add = (word: string, weight: number, latin: boolean, stem: boolean): void => {
    const key = `${stem ? '*' : ' '}${word}`;
    entries.delete(key);
    entries.set(key, { word, weight, latin, stem });
  };
  for (const [word, weight] of EN_LEXICON) add(word.endsWith('*') ? word.slice(0, -1) : word, weight, true, word.endsWith('*'));
  for (const [word, weight] of ZH_LEXICON) add(word, weight, false, false);
  for (const entry of entries.values()) {
    const list = byFirstChar.get(entry.word[0]!);
    if (list === undefined) byFirstChar.set(entry.word[0]!, [entry]);
    else list.push(entry);
  }
  for (const list of byFirstChar.values()) list.sort((a, b) => b.word.length - a.word.length);
}

function isLowerLatin(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}

/** Longest lexicon entry at position i, with its matched length; null when none. */
function entryAt(body: string, i: number): { entry: Entry; length: number } | null {
  const candidates = byFirstChar.get(body[i]!);
  if (candidates === undefined) return null;
  for (const entry of candidates) {
    if (!body.startsWith(entry.word, i)) continue;
    let end = i + entry.word.length;
    if (entry.latin) {
      if (entry.stem) while (end < body.length && isLowerLatin(body.charCodeAt(end))) end++;
      else if (end < body.length && isLowerLatin(body.charCodeAt(end))) continue;
    }
    return { entry, length: end - i };
  }
  return null;
}

const NEGATOR_ZH = /并非|并不|从不|从未|毫无(?!疑)|绝非|没有|不是|没(?!错)|不(?![仅但只光单断同过如少久管论错])|未(?!来|必)|无(?![论疑线限缝与])|(?<![识区特分级类性告差个鉴辨离派])别(?![的人具])/;
const NEGATOR_EN = new Set(['stopped', 'stop', 'quit', 'not', 'no', 'never', 'without', 'hardly', 'barely', 'neither', 'nor', 'cannot', "isn't", "aren't", "wasn't", "weren't", "doesn't", "don't", "didn't", "won't", "wouldn't", "can't", "couldn't", "shouldn't", "hasn't", "haven't", 'isnt', 'doesnt', 'dont']);
const INTENSIFIER_ZH = /非常|极其|极为|特别|十分|相当|尤其|格外|很|最|超|极|太|颇/;
const INTENSIFIER_EN = new Set(['very', 'extremely', 'highly', 'really', 'incredibly', 'exceptionally', 'most', 'super', 'so', 'truly', 'remarkably', 'particularly', 'especially', 'exceptionally']);
const DOWNTONER_ZH = /略|稍|有点|有些|比较/;
const DOWNTONER_EN = new Set(['slightly', 'somewhat', 'fairly', 'rather', 'relatively', 'bit', 'little']);
// Praise that no longer holds: "used to be the go-to", "far from great", "once the best".
const PHRASE_NEGATOR_EN = /\b(?:used to be|far from|once was|was once)\s+(?:(?:the|a|an|its|their|very|so|as|that)\s+)?$/;
// Imperative advice against the brand: "Skip the X if …", "Steer clear of X" (rules §3 "advised against").
const ADVICE_AGAINST_START = /^[\s*_>#-]*(?:(?:i'd|i would|we'd|you should|you might want to|just)\s+)?(?:skip|ditch|pass on)\b/;
const ADVICE_AGAINST = -1.5;
// Engine 2.6: a list entry that tells the reader to wait or limits the brand harshly is advised
// against (rules §3; the entry's rank stays): "I'd hold off for now", "only if you must", "book it
// only as a last resort", "don't bother unless…", "wait for a promo or pass", "I'd wait until…";
// "no reason to pick it over…", "save your money", "I'd put my money elsewhere"; 别碰/别买/能不办就
// 别办, 没必要再开户, 非刚需真没必要, 只建议预算实在有限时才考虑, 等618降价再说. (观望 is a lexicon word, so that
// 不用再观望 reads as the opposite.)
export const HOLD_OFF_EN = String.raw`\bhold off\b|\bonly if you (?:really )?(?:must|have to|have no other option)\b|\ba last resort\b|\b(?:don't|do not|wouldn't|would not) bother\b|\bonly bother\b|\bor (?:just )?pass\s*[.!]?\s*$|\b(?:i|we)(?:'d| would) wait (?:until|till)\b|\bno (?:real )?reason to (?:pick|choose|buy|get|go with)\b|\bsave your money\b|\b(?:worth it|worth buying|worth getting|worth a look) only (?:if|when)\b|\bonly worth it (?:if|when)\b|\b(?:put|spend|take) (?:my|your|our|their) (?:money|cash|budget) elsewhere\b`;
export const LIMIT_ZH = String.raw`(?:千万|最好|还是)?(?<![识区特分级类性告差个鉴辨离派])别(?:再)?(?:碰|买|入|选|办|冲|踩|下单|充值|续费)|没必要(?:再|去|专门)?(?:开户|入手|购买|充值|续费|办|换)|只(?:建议|推荐|适合)[^，。；！？]{0,12}?(?:才|再)(?:考虑|买|选|入手)|等[^，。；！？]{0,10}?(?:再说|再买|再入手|再入|再考虑|再下手)|没(?:有)?必要[\s\[\]^\d。！!.]*$`;
// First-person advice against anywhere in the clause: "but at $44 a month I'd skip it", "I wouldn't
// buy a Model 3 right now", "so be careful with it" (rules §3: advised against; a concession before
// it does not change this).
const ADVICE_AGAINST_ANYWHERE = new RegExp(String.raw`\b(?:i|we)(?:'d| would| will)\s+(?:skip|avoid|pass on|steer clear)\b|\b(?:i|we)\s+(?:wouldn't|would not|won't|will not|couldn't|could not)\s+(?:buy|order|use|choose|get|pick|trust|go with|sign up|subscribe|touch|rely on|pay for|start|put|keep|send|point)\b|\bsteer (?:[a-z-]+\s+){0,4}?(?:elsewhere|away)\b|\blook elsewhere\b|\bnot the one (?:to|i'd|i would)\s+(?:choose|pick|buy|go with|get)\b|\bnot comfortable recommending\b|\bskip (?:it|this one|this generation|them)\b|\bbe (?:careful|cautious|wary) (?:with|of|about)\b|${HOLD_OFF_EN}|${LIMIT_ZH}`);

// "I'd go with A over B", "pick A over B": A is preferred to B. Names are blanked before matching,
// so "over" after the verb and a blanked (or untracked, up to three words) name is the preference;
// "over" before a figure ("over 100 million") is not.
const PREFERRED_OVER = String.raw`(?<=(?<!\b(?:no (?:real )?reason to|not|never|don't|wouldn't|won't)\s)\b(?:go(?:ing)? with|choose|choosing|pick|picking|prefer|recommend)\s+(?:[\w.'&+-]+\s+){0,3}?)over\b(?!\s*\d)`;
// "A scores noticeably lower than B", "A 的综合得分明显低于 B" (engine 2.5): a test verdict against A.
const SCORES_LOWER = String.raw`\b(?:scores?|scored|rates?|rated|ranks?|ranked)\s+(?:\w+\s+)?(?:lower|worse)\s+than\b|(?:得分|评分|分数)[^，。；]{0,4}(?:低于|不及)`;
const INHERENT_POSITIVE = /优于|胜过|强于|好于|超越|领先于|完胜|碾压|outperform[a-z]*|(?<!\bto |\bbe |can't |cannot )\bbeats?\b|surpass[a-z]*|outshin[a-z]*|\bedges? out\b|\bahead of\b|superior to/;
const INHERENT_POSITIVE_ALL = new RegExp(`${INHERENT_POSITIVE.source}|${PREFERRED_OVER}`);
const INHERENT_NEGATIVE = /不如|比不上|比不过|不及|逊于|逊色于|劣于|落后于|输给|弱于|差于|\btrails?\b|\blags? behind\b|\bfalls? behind\b|inferior to|\bloses to\b/;
const INHERENT_NEGATIVE_ALL = new RegExp(`${SCORES_LOWER}|${INHERENT_NEGATIVE.source}`);
const POSITIONAL = /ahead of|领先于|surpass|超越|outsold|outsell/;
const GENERIC_COMPARATIVE = /(?<![对相无好])比(?![较如例赛拟分特起])|\bthan\b/;
const OBJECT_INTRO_START = /^(?:[\s*_>#-]*)(?:相比|相较|比起|对比|与其|compared (?:to|with)|in comparison (?:to|with)|unlike|versus|vs\.?|relative to)/;
const OBJECT_INTRO_END = /(?:相比|相比之下|相比较而言|相较而言)\s*$/;

// Verbs that take a problem away ("catches tone issues", "prevents crashes", "fixes bugs"): the
// problem word after them is no criticism of the subject.
const PROBLEM_REMOVER_EN = new Set(['catches', 'catch', 'fixes', 'fix', 'fixed', 'solves', 'solve', 'solved', 'eliminates', 'eliminate', 'prevents', 'prevent', 'resolves', 'resolve', 'avoids', 'removes', 'reduces', 'reduce', 'cuts', 'flags', 'detects', 'spots', 'handles']);
const PROBLEM_REMOVER_ZH = /解决|避免|减少|杜绝|修复|改善|告别/;
// Praise that no longer holds, in Chinese: "产品线曾经很丰富" (engine 2.6; like "used to be").
const PAST_PRAISE_ZH = /曾经|曾是/;
// A complaint as a procedure, no problem of the brand (§3: how-to steps stay neutral): "how to file a
// billing complaint with X", "submit a bug report"; "可以这样向X投诉", "投诉渠道". Filed complaints
// ("passengers have filed thousands of complaints", 用户投诉较多) stay problems.
const PROCEDURE_EN = /\b(?:(?:file|submit|lodge|raise|open)\s+(?:a|an|your)\s+(?:[a-z-]+\s+)?|how to\s+)$/;
const PROCEDURE_ZH_BEFORE = /(?:向|找|拨打|通过)[^，。；]{0,12}$|(?:如何|怎么|怎样|可以)$/;
const PROCEDURE_ZH_AFTER = /^(?:渠道|电话|入口|方式|流程|途径)/;

const LATIN_WORD = /[a-z]+/g;
/** The first run of a-z letters in body from `at` on (what `body.slice(at).split(/[^a-z]+/).filter(Boolean)[0]` gives). */
function firstWordFrom(body: string, at: number): string | undefined {
  LATIN_WORD.lastIndex = at;
  return LATIN_WORD.exec(body)?.[0];
}

/** Multiplier from the few characters/words right before a lexicon hit (weight: the hit's sign). */
function modifier(body: string, from: number, at: number, cjk: boolean, weight: number): number {
  let factor = 1;
  if (cjk) {
    const window = body.slice(Math.max(from, at - 4), at);
    if (NEGATOR_ZH.test(window)) factor *= -0.8;
    if (weight < 0 && PROBLEM_REMOVER_ZH.test(window)) factor *= -0.8;
    else if (weight > 0 && PAST_PRAISE_ZH.test(window)) factor *= -0.8;
    if (INTENSIFIER_ZH.test(window)) factor *= 1.5;
    else if (DOWNTONER_ZH.test(window)) factor *= 0.6;
    return factor;
  }
  const window = body.slice(Math.max(from, at - 40), at);
  if (PHRASE_NEGATOR_EN.test(window)) factor *= -0.8;
  if (weight < 0 && PROCEDURE_EN.test(window)) return 0;
  const words = window.split(NON_LETTERS).filter(Boolean).slice(-3);
  words.forEach((w, i) => {
    const word = w.replace('’', "'");
    // Only "not" looks at the next word; the first word after the hit is found without splitting
    // the whole rest of the clause (once per English hit, that was quadratic in the clause length).
    const next = word === 'not' ? (words[i + 1] ?? firstWordFrom(body, at)) : undefined;
    if (NEGATOR_EN.has(word) && !(word === 'not' && next === 'only')) factor *= -0.8;
    else if (weight < 0 && PROBLEM_REMOVER_EN.has(word)) factor *= -0.8;
    else if (INTENSIFIER_EN.has(word)) factor *= 1.5;
    else if (DOWNTONER_EN.has(word)) factor *= 0.6;
  });
  return factor;
}

/** Sum of lexicon hits in `body` with negation and intensity (leftmost-longest, no overlaps). */
export function lexiconScore(body: string): number {
  let total = 0;
  let prevEnd = 0;
  let i = 0;
  while (i < body.length) {
    const c = body.charCodeAt(i);
    // English entries only start at a word start.
    if (isLowerLatin(c) && i > 0 && isLowerLatin(body.charCodeAt(i - 1))) {
      i++;
      continue;
    }
    const found = entryAt(body, i);
    if (found === null) {
      i++;
      continue;
    }
    // 一般 before a figure is "usually" ("同城一般12元起"), no judgement (§3: prices stay neutral).
    const usually = found.entry.word === '一般' && FIGURE_START.test(body.slice(i + 2, i + 4));
    const procedure = found.entry.word === '投诉' && (PROCEDURE_ZH_BEFORE.test(body.slice(Math.max(prevEnd, i - 14), i)) || PROCEDURE_ZH_AFTER.test(body.slice(i + 2, i + 4)));
    if (found.entry.weight !== 0 && !usually && !procedure) total += found.entry.weight * modifier(body, prevEnd, i, !found.entry.latin, found.entry.weight);
    i += found.length;
    prevEnd = i;
  }
  return total;
}

function blank(body: string, spans: readonly Span[], offset: number): string {
  let out = body;
  for (const s of spans) {
    const a = Math.max(0, s.start - offset);
    const b = Math.min(out.length, s.end - offset);
    if (b > a) out = out.slice(0, a) + ' '.repeat(b - a) + out.slice(b);
  }
  return out;
}

export function scoreClause(text: string, clause: Span, names: readonly Span[]): ClauseScore {
  // Typographic apostrophes ("can’t go wrong") read as ASCII ones; same length, offsets unchanged.
  const body = blank(text.slice(clause.start, clause.end), names, clause.start).replace(TYPOGRAPHIC_APOSTROPHE, "'");
  const objectIntro = OBJECT_INTRO_START.test(body) || OBJECT_INTRO_END.test(body);
  const positive = INHERENT_POSITIVE_ALL.exec(body);
  const negative = INHERENT_NEGATIVE_ALL.exec(body);
  const inherent = positive !== null && (negative === null || positive.index <= negative.index) ? positive : negative;
  if (inherent !== null) {
    const rest = blank(body, [{ start: inherent.index, end: inherent.index + inherent[0].length }], 0);
    // A position word between two figures ("sold 11.2 million, ahead of B's 9.2 million",
    // "销量领先于B") reports numbers, not a judgement: neutral unless evaluative words come too (§3).
    const factual = POSITIONAL.test(inherent[0]) && /\d/.test(body) && lexiconScore(rest) === 0;
    const sign = factual ? 0 : inherent === positive ? 1 : -1;
    const start = clause.start + inherent.index;
    return {
      polarity: lexiconScore(rest) + sign,
      comparison: { start, end: start + inherent[0].length, subjectPolarity: sign },
      objectIntro,
    };
  }
  const advice = ADVICE_AGAINST_START.test(body) || ADVICE_AGAINST_ANYWHERE.test(body);
  const polarity = lexiconScore(body) + (advice ? ADVICE_AGAINST : 0);
  const generic = GENERIC_COMPARATIVE.exec(body);
  if (generic !== null) {
    const start = clause.start + generic.index;
    // English "A is a much safer choice than B after its breaches": the judgement of A comes before
    // "than"; the problem words after B describe B (its opposite goes to A otherwise).
    const before = generic[0] === 'than' ? lexiconScore(body.slice(0, generic.index)) : 0;
    const subjectPolarity = before !== 0 && !advice ? before : polarity;
    return { polarity, comparison: { start, end: start + generic[0].length, subjectPolarity }, objectIntro };
  }
  return { polarity, comparison: null, objectIntro };
}
