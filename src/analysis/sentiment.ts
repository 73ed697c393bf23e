/**
 * Sentiment toward each target, from the clauses ABOUT it.
 *
 * Attribution of a clause (in this order):
 * 1. the targets it names; a clause that holds only names ("华为、小米", "Huawei Mate 60") passes
 *    them on to the next clause of the sentence ("华为、小米都很好" → both);
 * 2. otherwise the targets of the previous clause of the same sentence (carry-forward:
 *    "华为拍照好，但价格贵" → both clauses are about 华为);
 * 3. otherwise the sentence's context: the innermost heading section, list item or table row
 *    whose lead names targets ("1. **华为**" then "- 缺点：价格偏高"), or, when the sentence opens
 *    with a pronoun or connective (它/其/该品牌/此外/但是/it/its/they/the brand/however/also…),
 *    the targets of the previous sentence.
 * In a comparison the subject side gets the clause polarity and the object side its opposite
 * (clause-score.ts); an omitted subject ("比小米便宜") is the carried/context target.
 *
 * Weights: a clause opening with a contrast (但是/不过/however/but) weighs 1.5 when something
 * was already said about the same target (the clause after the contrast weighs more); a
 * concessive clause (虽然/尽管/although) weighs 0.5.
 * Engine 2.2 (§3 neutral readings): clauses after a "Pros:" / "缺点：" label count ±1 each to the
 * end of the line ("Avoid:" −1.5); a target with as many pros as cons of comparable weight, an
 * answer that calls the choice even (各有所长, "neither is better"), and steps to follow weigh a
 * quarter, except explicit recommendations.
 * score = tanh(Σ weight·polarity / 2) ∈ (−1, 1); label positive when score ≥ 0.2, negative when
 * score ≤ −0.2, neutral otherwise (one plain positive word gives ≈ 0.46).
 */
import { HOLD_OFF_EN, LIMIT_ZH, lexiconScore, scoreClause, type ClauseScore } from './clause-score.js';
import type { Hit } from './matcher.js';
import type { TopicScope } from './markdown.js';
import { clauseAt, segment, type Clause, type Sentence } from './segment.js';
import { languageOf, readSentiment, wordFeatures, type RuleReading } from './sentiment-model.js';
import type { Sentiment, Span } from './types.js';

export const POSITIVE_THRESHOLD = 0.2;
export const NEGATIVE_THRESHOLD = -0.2;

// A sentence that names nobody continues the previous sentence's subject when it opens with a
// pronoun or a continuation/contrast connective ("However, the subscription is expensive.").
const CONTINUATION_START = /^(?:[\s>*_#-]|\d{1,2}[.)、])*(?:它|其|该品牌|该公司|这个品牌|这家|这款|此款|他们|但是|但|不过|然而|可是|而且|并且|此外|另外|同时|不仅如此|they\b|their\b|it\b|its\b|it's\b|the brand\b|the company\b|this brand\b|the phone\b|this phone\b|this model\b|the platform\b|the tool\b|however\b|but\b|also\b|verdict\b|the verdict\b|bottom line\b|my take\b|overall\b|in short\b|additionally\b|moreover\b|furthermore\b|plus\b|that said\b|on the other hand\b|still\b)/;
// "After its 2021 outage …", "Since their last price hike …": a possessive in the opening words
// of a sentence that names nobody refers to the previous sentence's subject.
const EARLY_POSSESSIVE = /^[^.!?\n]{0,20}\b(?:its|their)\b/i;
const RESOLVED = /\b(?:fixed|resolved|patched|addressed|corrected) (?:it|this|that|them|the (?:issue|issues|bug|bugs|problem|problems|flaw))\b|\b(?:has|have) (?:since |now |already )?been (?:fixed|resolved|patched)\b|已(?:经)?[^，。；！？]{0,12}?(?:修复|解决|修正)/i;
// A list item, heading or table line (its sentences belong to its own scope, not to the prose).
const LIST_OPENING = /^[ \t]*(?:[*+|-]|\d{1,2}[.)、]|#|[一二三四五六七八九十]+、|[（(]\d{1,2}[）)])/;
const ALTERNATIVES_BETTER = /\b(?:these|those|other|the following|alternatives?|others|competitors|rivals)\b[^.;]{0,40}?\b(?:are|is|seem|look|do|work)\s+(?:much\s+|far\s+|a lot\s+)?(?:better|superior|stronger|a better (?:fit|choice|bet))\b|\bthere are (?:much |far )?better (?:alternatives|options|choices|picks)\b|\bbetter (?:alternatives|options|choices) (?:exist|are available|out there)\b|(?:其他|别的|其它|这些|以下)(?:品牌|产品|选择|平台|几家|几款)?[^，。；]{0,10}?(?:更好|更值得|更推荐|更合适)|有更好的选择/;
// "Pros:" / "缺点：" / "理想 L7 的优点：" labels: the clauses after one, to the end of its line, are one pro or one con
// each, whatever their wording ("Cons: the membership is required" is a con). An entry whose pros
// and cons weigh the same is neutral (§3); "Avoid:" / "不推荐：" labels what follows as advised against.
const SIDE_LABEL = /(?:^|[\s*_>#—–-]|的)(pros|upsides?|advantages|strengths|优点|优势|亮点|cons|downsides?|drawbacks?|disadvantages|weaknesses|缺点|不足|劣势|槽点|avoid|skip|not recommended(?: (?:at|for|in|with|if) [\w\s-]{1,30})?|不推荐|不建议|避坑|慎选|慎买)[\s*_]*$/i;
const NEGATIVE_SIDE = /^(?:cons|downsides?|drawbacks?|disadvantages|weaknesses|缺点|不足|劣势|槽点)$/i;
const AVOID_SIDE = /^(?:avoid|skip|not recommended\b.*|不推荐|不建议|避坑|慎选|慎买)$/i;
// An answer that calls the choice even ("各有所长", "neither is better") is a balanced comparison:
// its evaluative clauses weigh a quarter, except an explicit recommendation. "It depends on your
// needs" / "按需求选择" say so only in prose: a recommendation list often opens with them.
const BALANCED = /各有所长|各有千秋|各有优劣|各有利弊|各有优势|各有特点|各有侧重|(?:没有|不存在|并无|谈不上)(?:绝对的?|明显的?)?(?:好坏|优劣|高下)之分|(?:没有|不存在|并无)绝对的?(?:好坏|优劣|高下|赢家)|\bneither is (?:clearly |strictly |simply )?(?:better|the clear winner|objectively better)|\bthere(?:'s| is) no (?:single |clear |universal )?(?:winner|best choice|right answer)\b|\beach ha(?:s|ve) (?:its|their) (?:own )?(?:strengths|merits)|\bno clear winner/i;
const BALANCED_IN_PROSE = /按(?:自己的|个人)?需求选择|按需选择|看个人需求|看个人喜好|取决于(?:你|个人|自己)|\bit (?:really |all )?depends on\b|\bcomes down to\b|\bchoose based on\b|\bdepends on (?:your|what you|whether)/i;
// An explicit balanced verdict on one entry ("优缺点都很明显", "it's a trade-off", "a mixed picture
// overall", "middle-of-the-road"): that target's pros and cons weigh the same, so its stance is
// neutral (§3) — its evaluative clauses weigh a quarter, the verdict itself nothing.
const BALANCED_VERDICT = /优缺点都(?:很|比较|十分|非常)?(?:明显|突出)|优点和缺点都(?:很|比较|十分|非常)?(?:明显|突出)|有利有弊|利弊参半|喜忧参半|\b(?:it's |it is |that's |a )(?:real |clear )?trade-?off\b|\bbalances? (?:each other |themselves )?out\b|\b(?:cancel|offset) each other(?: out)?\b|\bmixed (?:picture|bag)\b|\bmiddle[- ]of[- ]the[- ]road\b|\b(?:evenly|equally) (?:matched|balanced)\b|\bcuts both ways\b/i;
// "X is great, unlike Y, whose…": Y gets the opposite of the clause before, and the clause after
// ("whose sites load slowly") is about Y (§3: stance is per brand, not per sentence).
const UNLIKE_AFTER = /^[\s*_>#-]*(?:unlike|不像|不同于)/i;
// "What about X?", "Why not X?", "那X呢？", "为什么没有X？", "为什么很多人选X？": a question that names
// the brand opens a note about it; the sentences (or reasons) that answer it are about X even
// without a pronoun (T1: a brand criticised only in a note after the list).
const TOPIC_QUESTION = /^[\s>*_#-]*(?:(?:and |so )?(?:what about|how about|why not|why no|why (?:do|does|did|is|are|should|would)|where(?:'s| is)|what of)\b|那|至于|为什么|为啥|怎么没有)[^。！？?!.\n]{0,40}(?:[?？]|呢[？?。]?)[\s*_]*$/i;
// A refusal ("I can't help with…", "抱歉，我无法…") describes the request, not the brand: its problem
// words ("违反平台规则", "break its terms") are no stance (§3: a refusal that names the brand is neutral).
const REFUSAL = /^[\s>*_#-]*(?:(?:sorry|i'm sorry|抱歉|对不起|很抱歉)[,，\s]*)?(?:i can't|i cannot|i can not|i'm not able to|i am not able to|i won't be able to|i'm unable to|i am unable to|我不能|我无法|我没法|无法为你|不能为你|我不方便)/i;
// "优点是…；缺点是…", "The downside is …": a pro or a con introduced inline, without a colon.
const INLINE_SIDE = /^[\s>*_#、，,;；-]*(?:(优点|优势|长处|亮点)|(缺点|不足|短板|槽点|劣势))(?:是|在于|主要是|则是)|^[\s>*_#,;-]*(?:the |its |their )?(?:(upside|plus side)|(downside|drawback|catch|weakness))s? (?:is|are)\b/i;
const SIMILAR_TO = /(?:和|跟|与|同)\s+(?:差不多|一样|相当|相近|类似|持平|接近)|\b(?:on par with|similar to|the same as|comparable to)\s+$/;
const LIST_LINE = /^[ \t]*(?:[*+-]|\d{1,2}[.、)]|#{1,6})[ \t]/m;
const RECOMMENDS = /推荐|首选|建议(?:选|买)|\brecommend|\bgo with\b|\bour pick\b|\btop pick\b|\bi'd (?:pick|choose|go)|\bbest (?:overall|choice|pick|option)\b/i;
const BALANCED_WEIGHT = 0.25;
/**
 * Weight of a con read from the turn alone ("…, but it sleeps warm"): less than an ordinary word,
 * so that one strong pro with such a turn stays positive (minor caveats are allowed, §3) while one
 * ordinary pro with it is balanced.
 */
const INFERRED_CON = 0.75;
/** The least negative raw sum of a target advised against: tanh(−0.5 / 2) ≈ −0.245, a negative label. */
const ADVISED_AGAINST_FLOOR = 0.5;
const FORMER_LATTER = /前者|后者|\bthe (?:former|latter)\b/i;
// An explicit verdict against the brand ("I would avoid it", "not worth it", "hard to recommend"):
// like an explicit recommendation it keeps its full weight in a balanced answer, in steps and in a
// pros/cons entry (rules §3: advised against is negative; a polite concession does not change this).
// Engine 2.6: holding off and harsh limits too ("I'd hold off for now", 建议先观望, 慎入, 能不办就别办).
const ADVISES_AGAINST = new RegExp(String.raw`\b(?:avoid(?: it| them| this)?|steer clear|stay away|skip (?:it|this|them)|not worth (?:it|the)|(?:hard|difficult|tough|harder) to recommend|(?:wouldn't|would not|don't|do not|can't|cannot|no longer) recommend|not recommended|(?:i|we)(?:'d| would) (?:skip|avoid|pass on)|(?:i|we) (?:wouldn't|would not|won't) (?:buy|use|choose|pick|order|trust|go with|start|put|keep))\b|\bnot the one (?:to|i'd|i would) (?:choose|pick|buy|go with|get)\b|\bnot comfortable recommending\b|不推荐|不建议|不太推荐|不太建议|不太值得|避坑|别买|劝退|观望|慎入|${HOLD_OFF_EN}|${LIMIT_ZH}`, 'i');
// The unambiguous subset of ADVISES_AGAINST: advice against in so many words, whatever else the
// clause says ("avoid" alone is not here: "helps you avoid fees"). "can't recommend it enough" praises.
const EXPLICITLY_AGAINST = /不建议|不太建议|不推荐|不太推荐|不太值得|别买|劝退|\b(?:wouldn't|would not|don't|do not|can't|cannot|no longer) recommend\b(?! (?:it |them |this |these |him |her )?(?:enough|highly enough|more))|\bnot recommended\b|\b(?:hard|difficult|tough) to recommend\b|\bsteer clear\b|\bstay away\b/i;
const ADVICE_AGAINST_VALUE = -1.5;
const COMPARED_WITH_BEFORE = /(?:^|[^\p{L}])[和跟与同]\s*$|^[\s*_>#-]*[和跟与同]\s*$/u;
// A side label is a label, not a sentence: at most a few words before it ("Main downsides:",
// "**Peloton** — Pros:"), not "Fidelity and Schwab each have their own strengths:".
const LABEL_MAX_WORDS = 3;
const BARE_CONTRAST = /^[\s*_>#-]*(?:however|but|yet|still|that said|on the other hand|不过|但是|但|然而|可是)[\s,，]*$/i;
/** As many pros as cons, their weights within this ratio of each other: a balanced entry, neutral (§3). */
const BALANCE_RATIO = 0.6;
const CONNECTIVES = /以及|还有|和|与|及|或|跟|同|\band\b|\bor\b|\bvs\.?|\bversus\b/g;

/** An ideograph in U+3400–U+9FFF that no CONNECTIVES alternative can remove and that is no symbol. */
const KEPT_IDEOGRAPH = /[\u3400-\u4dbf\u4e00-\u9fff](?<![以及还有和与或跟同])/;

export function labelFor(score: number): Sentiment['label'] {
  if (score >= POSITIVE_THRESHOLD) return 'positive';
  if (score <= NEGATIVE_THRESHOLD) return 'negative';
  return 'neutral';
}

interface Contribution {
  target: number;
  clause: number;
  value: number;
}

// The small patterns of the functions below, compiled once: a regex literal inside a function
// makes a new RegExp object every time it is evaluated, here per clause or sentence. None of the
// global ones is used with exec/test, so their lastIndex carries nothing between calls.
const PUNCTUATION_OR_SYMBOL = /[\p{P}\p{S}]/gu;
const IDEOGRAPH = /[\u3400-\u9fff]/;
const SPACES = /\s+/;
const DIGIT = /\d/;
const WORDS = /\p{L}+/gu;
const LATTER = /后者|latter/i;
const BLANK_LINE = /\n[ \t]*\n/;
// The text just before a sentence: it starts a line, or a paragraph.
const LINE_START = /\n\s*$/;
const PARAGRAPH_START = /\n[ \t]*\n[\s]*$/;

/** A clause that holds nothing but names, connectives and model numbers ("华为、", "Huawei Mate 60"). */
function namesOnly(text: string, clause: Clause, hits: readonly Hit[]): boolean {
  const body = blankNames(text, clause, hits);
  // Quick answer first: a CJK ideograph that is no connective character survives both
  // replacements below (U+4DC0–U+4DFF are symbols, \p{S}, so they are left to the full test).
  if (KEPT_IDEOGRAPH.test(body)) return false;
  const rest = body.replace(CONNECTIVES, ' ').replace(PUNCTUATION_OR_SYMBOL, ' ').trim();
  if (IDEOGRAPH.test(rest)) return false;
  // Model-number residue is a few short tokens ("mate 60 pro", "galaxy s24"); a verb such as
  // "outperforms" makes it a real clause.
  const tokens = rest.split(SPACES).filter(Boolean);
  return tokens.length <= 3 && tokens.every((t) => t.length <= 6 || DIGIT.test(t)) && lexiconScore(rest) === 0;
}

/** The clause with its names blanked ("**Peloton Bike** — Pros" → "… — Pros"). */
function blankNames(text: string, clause: Clause, hits: readonly Hit[]): string {
  let body = text.slice(clause.start, clause.end);
  // Last hit first, so that the offsets of the earlier ones still hold (walked backwards rather
  // than over a reversed copy: this runs for clauses of every answer).
  for (let k = hits.length - 1; k >= 0; k--) {
    const h = hits[k]!;
    body = `${body.slice(0, h.start - clause.start)} ${body.slice(h.end - clause.start)}`;
  }
  return body;
}

/**
 * Empties a working set. Set.prototype.clear gives the set a new hash table even when it is
 * already empty, and most working sets are empty at most clauses.
 */
function clear(set: Set<number>): void {
  if (set.size > 0) set.clear();
}

/** No target of `hits` is in `targets`. */
function noneIn(hits: readonly Hit[], targets: ReadonlySet<number>): boolean {
  for (const h of hits) if (targets.has(h.target)) return false;
  return true;
}

/** Some hit starts before `pos`. */
function someBefore(hits: readonly Hit[], pos: number): boolean {
  for (const h of hits) if (h.start < pos) return true;
  return false;
}

/** Some hit starts at or after `pos`. */
function someFrom(hits: readonly Hit[], pos: number): boolean {
  for (const h of hits) if (h.start >= pos) return true;
  return false;
}

/** `pos` lies inside one of `spans`. */
function insideAny(spans: readonly Span[], pos: number): boolean {
  for (const sp of spans) if (pos >= sp.start && pos < sp.end) return true;
  return false;
}

/** Every element of `a` is in `b`. */
function subsetOf(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  for (const t of a) if (!b.has(t)) return false;
  return true;
}

/**
 * "Nobody": the targets of a sentence, context or question that names no one. Shared and never
 * added to (every holder of a target set only reads it, or replaces it), so that the many
 * sentences about nobody allocate nothing.
 */
const NO_TARGETS: ReadonlySet<number> = new Set<number>();
const NO_HITS: readonly Hit[] = [];
// ":" right after a clause, at most two spaces away (sticky: tested at the clause end, no slice).
const COLON_AFTER = /\s{0,2}:/y;

function scopeTargets(scopes: readonly TopicScope[], hits: readonly Hit[]): Array<{ scope: TopicScope; targets: Set<number> }> {
  const out: Array<{ scope: TopicScope; targets: Set<number> }> = [];
  for (const scope of scopes) {
    const targets = new Set<number>();
    for (const h of hits) if (h.start >= scope.lead.start && h.start < scope.lead.end) targets.add(h.target);
    if (targets.size > 0) out.push({ scope, targets });
  }
  return out;
}

/** Stance of a name listed in a caution section ("不推荐", "avoid", "be cautious with"): advised against (§3). */
export const CAUTION_STANCE = -1.5;

export function sentimentsByTarget(
  text: string,
  hits: readonly Hit[],
  scopes: readonly TopicScope[],
  targetCount: number,
  cautioned: ReadonlySet<number> = new Set(),
  steps: readonly Span[] = [],
  features: TargetFeatures[] | null = null,
  ranked: readonly boolean[] = [],
): Array<Sentiment | null> {
  const { sentences, clauses } = segment(text);
  // Most clauses name nobody: they share one empty array, and a clause gets its own on its first hit.
  const clauseHits: Array<readonly Hit[]> = new Array<readonly Hit[]>(clauses.length).fill(NO_HITS);
  for (const h of hits) {
    const c = clauseAt(clauses, h.start);
    if (c < 0) continue;
    if (clauseHits[c] === NO_HITS) clauseHits[c] = [h];
    else (clauseHits[c] as Hit[]).push(h);
  }
  const topics = scopeTargets(scopes, hits);
  const contributions: Contribution[] = [];
  // Sets that outlive their sentence (previousSentenceTargets, questionTargets, lastSentenceTargets,
  // a topic's targets) are never added to once made; the per-clause working sets below are.
  let previousSentenceTargets: ReadonlySet<number> = NO_TARGETS;
  let lastSentenceEnd = 0;
  let lastSentenceTargets: ReadonlySet<number> = NO_TARGETS;
  const refusal = REFUSAL.test(text.slice(0, 120));
  const balanced = refusal || BALANCED.test(text) || (BALANCED_IN_PROSE.test(text) && !LIST_LINE.test(text));
  // Targets of a "What about X?" question: the context of the sentences after it, to the next
  // blank line after the answer started or a sentence that names someone.
  let questionTargets: ReadonlySet<number> = NO_TARGETS;
  let questionAnswered = false;
  let side = 0;
  const advisedAgainst = new Set<number>(cautioned);
  const balancedTargets = new Set<number>();

  // Working sets, one of each per answer, emptied where the code before this version made new ones
  // (a Set per clause and sentence was a quarter of the analysis's allocation). Iteration order is
  // insertion order either way, so contributions come out in the same order.
  const carry = new Set<number>();
  const pending = new Set<number>();
  const pendingObjects = new Set<number>();
  const sentenceTargets = new Set<number>();
  const named = new Set<number>();
  const subjects = new Set<number>();
  const objects = new Set<number>();
  // Targets in the order a sentence names them, for 前者/后者 ("the former"/"the latter"): this
  // sentence's and the last naming sentence's; the two arrays swap roles instead of being re-made.
  let sentenceOrder: number[] = [];
  let previousOrder: number[] = [];

  // The sentence's context (rule 3 above), computed at most once per sentence and only when a
  // clause needs it: it reads `side`, `questionTargets` and the previous sentences as they are at
  // that first use.
  const computeContext = (sentence: Sentence): ReadonlySet<number> => {
    // A note answering "What about X?" is about X, even inside the last list item's scope.
    if (questionTargets.size > 0) return questionTargets;
    let bestSize = -1;
    let bestTargets: ReadonlySet<number> = NO_TARGETS;
    for (const t of topics) {
      const { scope, lead } = t.scope;
      if (sentence.start >= lead.start && sentence.start < lead.end) continue; // the lead names its own targets
      if (scope.start <= sentence.start && sentence.start < scope.end && (bestSize < 0 || scope.end - scope.start < bestSize)) {
        bestSize = scope.end - scope.start;
        bestTargets = t.targets;
      }
    }
    if (bestSize >= 0) return bestTargets;
    // Inside a pros/cons line ("Pros: …. Cons: …") every sentence is about the same subject.
    const opening = text.slice(sentence.start, sentence.start + 40);
    if (side !== 0 || CONTINUATION_START.test(opening) || EARLY_POSSESSIVE.test(opening)) return previousSentenceTargets;
    // A problem stated in prose about one brand is that brand's problem, also in a sentence that
    // names nobody ("X 2012年创立…。今年有门店被曝…", "T-Mobile is … A 2021 cyberattack leaked …"):
    // the sentence right before, in the same paragraph and outside any list, named exactly one
    // target (rules §3: tied to problems). Praise in such a sentence is often about the category
    // ("The ideal mount depends on the sport"), so only a problem carries.
    const follows = lastSentenceTargets.size === 1 && !LIST_OPENING.test(opening) && !BLANK_LINE.test(text.slice(lastSentenceEnd, sentence.start));
    return follows && lexiconScore(text.slice(sentence.start, sentence.end)) < 0 ? lastSentenceTargets : NO_TARGETS;
  };

  for (const sentence of sentences) {
    if (sentence.start > 0 && LINE_START.test(text.slice(Math.max(0, sentence.start - 4), sentence.start))) side = 0;
    if (questionAnswered && PARAGRAPH_START.test(text.slice(Math.max(0, sentence.start - 6), sentence.start))) questionTargets = NO_TARGETS;
    let context: ReadonlySet<number> | null = null;
    clear(carry);
    clear(pending);
    clear(pendingObjects);
    clear(sentenceTargets);
    sentenceOrder.length = 0;
    const sentenceStart = contributions.length;
    let lastValue = 0;
    // The clause before was only a connective ("…; however, it sleeps warm"): this one opens the turn.
    let afterBareContrast = false;
    for (let ci = sentence.firstClause; ci < sentence.firstClause + sentence.clauseCount; ci++) {
      const clause = clauses[ci]!;
      const ownHits = clauseHits[ci]!;
      const clauseText = text.slice(clause.start, clause.end);
      for (const h of ownHits) if (!sentenceOrder.includes(h.target)) sentenceOrder.push(h.target);
      COLON_AFTER.lastIndex = clause.end;
      const blanked = COLON_AFTER.test(text) ? blankNames(text, clause, ownHits) : null;
      const labelMatch = blanked === null ? null : SIDE_LABEL.exec(blanked);
      const label = labelMatch !== null && (blanked!.slice(0, labelMatch.index).match(WORDS) ?? []).length <= LABEL_MAX_WORDS ? labelMatch : null;
      if (label !== null) side = AVOID_SIDE.test(label[1]!) ? -1.5 : NEGATIVE_SIDE.test(label[1]!) ? -1 : 1;
      const inline = label === null ? INLINE_SIDE.exec(clauseText) : null;
      if (inline !== null) side = inline[2] !== undefined || inline[4] !== undefined ? -1 : 1;
      if (ownHits.length > 0 && namesOnly(text, clause, ownHits)) {
        for (const h of ownHits) pending.add(h.target);
        continue;
      }
      const bareContrast = BARE_CONTRAST.test(clauseText);
      const turns = clause.contrast || clause.concession || afterBareContrast;
      afterBareContrast = bareContrast;
      // "实际吹干速度和追觅差不多", "on par with Y": Y is only the yardstick, no stance; the carried
      // subject goes on to the next clause ("性价比远不如追觅" is about the brand before).
      if (ownHits.length > 0 && carry.size > 0 && noneIn(ownHits, carry) && SIMILAR_TO.test(blankNames(text, clause, ownHits))) {
        for (const h of ownHits) contributions.push({ target: h.target, clause: ci, value: 0 });
        continue;
      }
      const verdict = BALANCED_VERDICT.test(clauseText);
      // "Those roughly balance each other out." names nobody: the verdict is on the previous subject.
      if (carry.size === 0) context ??= computeContext(sentence);
      const fallback = carry.size > 0 ? carry : verdict && context!.size === 0 ? previousSentenceTargets : context!;
      const refersBack = ownHits.length === 0 && (sentenceOrder.length >= 2 || previousOrder.length >= 2) && FORMER_LATTER.test(clauseText);
      if (ownHits.length === 0 && fallback.size === 0 && pending.size === 0 && pendingObjects.size === 0 && !refersBack) continue; // about nobody
      clear(named);
      for (const h of ownHits) named.add(h.target);
      // A clause that names someone is scored first, to see whether it only introduces objects.
      let score: ClauseScore | null = null;
      if (named.size > 0) {
        score = scoreClause(text, clause, ownHits);
        if (score.objectIntro) {
          if (lastValue !== 0 && carry.size > 0 && UNLIKE_AFTER.test(clauseText)) {
            for (const t of named) if (!carry.has(t)) contributions.push({ target: t, clause: ci, value: -lastValue });
            clear(carry);
            for (const t of named) carry.add(t);
            continue;
          }
          for (const t of named) pendingObjects.add(t);
          continue;
        }
      }
      clear(subjects);
      for (const t of pending) subjects.add(t);
      clear(objects);
      for (const t of pendingObjects) objects.add(t);
      const s = score ?? scoreClause(text, clause, ownHits);
      // "（它）和尚硅谷比更新慢了不少", "跟小米比，价格贵一些": the name between 和/跟/与/同 and 比 is what the
      // omitted subject is compared WITH (the object); the subject is the carried or context target.
      const comparedWith = s.comparison !== null && /^比/.test(text.slice(s.comparison.start, s.comparison.end)) ? ownHits.filter((h) => COMPARED_WITH_BEFORE.test(text.slice(clause.start, h.start)) && /^\s*$/.test(text.slice(h.end, s.comparison!.start))) : [];
      if (comparedWith.length > 0) {
        for (const h of ownHits) (comparedWith.includes(h) ? objects : subjects).add(h.target);
        for (const t of fallback) if (!objects.has(t)) subjects.add(t);
      } else if (s.comparison !== null && someFrom(ownHits, s.comparison.end)) {
        for (const h of ownHits) (h.start < s.comparison.start ? subjects : objects).add(h.target);
        if (!someBefore(ownHits, s.comparison.start)) for (const t of fallback) if (!objects.has(t)) subjects.add(t);
      } else {
        for (const t of named.size > 0 ? named : fallback) subjects.add(t);
      }
      if (objects.size > 0 && subjects.size === 0) for (const t of fallback) if (!objects.has(t)) subjects.add(t);
      // "…比小米 14 差一截，同样的预算我更建议选后者" / "综合来看更推荐前者": 后者/前者 ("the latter"/"the
      // former") is the last/first of the two or more brands just compared (this sentence, else the
      // one before); the clause prefers it to the others (§3: criticised while a competitor is
      // recommended). "建议选后者" recommends even though 建议 alone weighs nothing.
      const reference = named.size === 0 ? FORMER_LATTER.exec(clauseText) : null;
      const order = sentenceOrder.length >= 2 ? sentenceOrder : previousOrder;
      if (reference !== null && order.length >= 2) {
        const chosen = LATTER.test(reference[0]) ? order[order.length - 1]! : order[0]!;
        clear(subjects);
        clear(objects);
        subjects.add(chosen);
        for (const t of order) if (t !== chosen) objects.add(t);
      }
      let subjectValue = s.comparison !== null && objects.size > 0 ? s.comparison.subjectPolarity : s.polarity;
      if (reference !== null && order.length >= 2 && subjectValue === 0 && RECOMMENDS.test(clauseText)) subjectValue = 1;
      // "…, but for long-term investors these brokers are better" / "其他品牌更值得": a clause that
      // names nobody and praises the alternatives criticises the carried target (§3).
      if (named.size === 0 && ALTERNATIVES_BETTER.test(clauseText)) subjectValue = -Math.max(1, Math.abs(subjectValue));
      if (verdict) {
        subjectValue = 0;
        for (const t of subjects) balancedTargets.add(t);
      }
      if (label !== null) subjectValue = 0;
      else if (side !== 0) subjectValue = side;
      // "comfy out of the box, but the waterproofing gives up in long rain", "强项是续航，不过机身偏沉" with
      // no lexicon word: a clause that turns (but/however/though/不过…) against a favourable one before
      // it, names nobody new and carries no words of its own is a con (rules §3: an entry whose pros
      // and cons weigh the same is neutral; one pro and one con is the common case). Only after
      // praise: after a problem the turn is as often another problem ("used to be the go-to, but
      // since the acquisition the free plan has been cut").
      else if (subjectValue === 0 && lastValue > 0 && turns && named.size === 0 && s.comparison === null && !verdict && !refusal && !bareContrast) {
        subjectValue = -INFERRED_CON;
      }
      if (refusal && subjectValue < 0 && !RECOMMENDS.test(clauseText)) subjectValue = 0;
      // A step to follow ("一键就能解绑，操作很方便", "a quick way to…") instructs; it weighs little (§3).
      // "自学的话不太建议把它作为主线", "I can't recommend it for teams": explicit advice against needs no
      // other word of criticism (engine 2.10; rules §3: advised against is negative).
      if (subjectValue >= 0 && !refusal && EXPLICITLY_AGAINST.test(clauseText)) subjectValue = ADVICE_AGAINST_VALUE;
      const against = subjectValue < 0 && ADVISES_AGAINST.test(clauseText);
      if (against) for (const t of subjects) advisedAgainst.add(t);
      const explicit = RECOMMENDS.test(clauseText) || against;
      if (!explicit && insideAny(steps, clause.start)) subjectValue *= BALANCED_WEIGHT;
      if (balanced && !explicit) subjectValue *= BALANCED.test(clauseText) || BALANCED_IN_PROSE.test(clauseText) ? 0 : BALANCED_WEIGHT;
      for (const t of subjects) contributions.push({ target: t, clause: ci, value: subjectValue });
      for (const t of objects) if (!subjects.has(t)) contributions.push({ target: t, clause: ci, value: -subjectValue });
      // After a comparison the next clause goes on about its subject ("比小米贵，但拍照更好" is about the
      // brand compared, not about 小米), so only the subjects carry (engine 2.10). `fallback` may be
      // `carry` itself: it is not read after this point.
      clear(carry);
      for (const t of subjects.size > 0 ? subjects : objects) carry.add(t);
      if (!bareContrast) lastValue = subjectValue;
      for (const t of carry) sentenceTargets.add(t);
      clear(pending);
      clear(pendingObjects);
    }
    // Names left pending at the end of a sentence ("推荐：华为、小米") are mentioned, score 0; after an
    // "Avoid:" / "Not recommended at this size:" label on the same line they are advised against.
    for (const t of pending) {
      if (side < -1) advisedAgainst.add(t);
      contributions.push({ target: t, clause: sentence.firstClause + sentence.clauseCount - 1, value: side < -1 ? side : 0 });
      sentenceTargets.add(t);
    }
    const sentenceText = text.slice(sentence.start, sentence.end);
    // "Some early units had a bug …; Google fixed it in the October update", "…的问题，大疆已在10月的
    // 固件更新中修复": a problem the sentence says was fixed is no criticism (§3 neutral: facts).
    if (RESOLVED.test(sentenceText)) for (let k = sentenceStart; k < contributions.length; k++) if (contributions[k]!.value < 0) contributions[k]!.value = 0;
    // What outlives the sentence is a copy of its targets, made only when it named someone.
    const kept = sentenceTargets.size > 0 ? new Set<number>(sentenceTargets) : NO_TARGETS;
    if (kept.size > 0 && TOPIC_QUESTION.test(sentenceText)) {
      questionTargets = kept;
      questionAnswered = false;
    } else if (kept.size > 0 && questionTargets.size > 0 && !subsetOf(kept, questionTargets)) questionTargets = NO_TARGETS;
    else if (questionTargets.size > 0) questionAnswered = true;
    if (kept.size > 0) previousSentenceTargets = kept;
    if (sentenceOrder.length > 0) [previousOrder, sentenceOrder] = [sentenceOrder, previousOrder];
    lastSentenceEnd = sentence.end;
    lastSentenceTargets = LIST_OPENING.test(sentenceText) ? NO_TARGETS : kept;
  }
  for (const t of cautioned) contributions.push({ target: t, clause: 0, value: CAUTION_STANCE });
  // A contrast that stands alone as a clause ("However, users complain…") weighs the clause after it.
  const contrasted = new Set<number>();
  for (let i = 0; i < clauses.length; i++) {
    const c = clauses[i]!;
    if (c.contrast) contrasted.add(i);
    const prev = clauses[i - 1];
    if (prev?.contrast === true && prev.sentence === c.sentence && BARE_CONTRAST.test(text.slice(prev.start, prev.end))) contrasted.add(i);
  }
  const counts: Array<Pick<TargetFeatures, 'proCount' | 'conCount' | 'zeroCount'>> | null = features === null ? null : [];
  const readings = aggregate(contributions, clauses, contrasted, hits, targetCount, advisedAgainst, balancedTargets, counts, ranked);
  // The words of the clauses each target's label was read from, every name blanked, for the model.
  const bodies: string[][] = readings.map(() => []);
  const seenClause = readings.map(() => new Set<number>());
  for (const c of contributions) {
    if (readings[c.target] === null || seenClause[c.target]!.has(c.clause)) continue;
    seenClause[c.target]!.add(c.clause);
    bodies[c.target]!.push(blankNames(text, clauses[c.clause]!, clauseHits[c.clause]!));
  }
  const lang = languageOf(text);
  return readings.map((r, t) => {
    if (r === null) return null;
    const words = wordFeatures(lang, bodies[t]!);
    if (features !== null && counts?.[t] !== undefined) features[t] = { rule: r, ...counts[t], words: [...words], lang };
    return readSentiment(lang, r, words);
  });
}

/** What the label of one target was read from (`--explain` and the model's trainer). */
export interface TargetFeatures {
  /** The rules' reading: the model's non-word input. */
  rule: RuleReading;
  proCount: number;
  conCount: number;
  /** Clauses about the target that carry no polarity. */
  zeroCount: number;
  /** The clause words the model read, and the language it read them in. */
  words: string[];
  lang: 'zh' | 'en';
}

function aggregate(
  contributions: readonly Contribution[],
  clauses: readonly Clause[],
  contrasted: ReadonlySet<number>,
  hits: readonly Hit[],
  targetCount: number,
  advisedAgainst: ReadonlySet<number>,
  balancedTargets: ReadonlySet<number>,
  counts: Array<Pick<TargetFeatures, 'proCount' | 'conCount' | 'zeroCount'>> | null,
  ranked: readonly boolean[],
): Array<RuleReading | null> {
  const zeroCount = new Array<number>(targetCount).fill(0);
  const raw = new Array<number>(targetCount).fill(0);
  const pros = new Array<number>(targetCount).fill(0);
  const cons = new Array<number>(targetCount).fill(0);
  const proCount = new Array<number>(targetCount).fill(0);
  const conCount = new Array<number>(targetCount).fill(0);
  const seen = new Set<number>();
  for (const c of contributions) {
    const clause = clauses[c.clause];
    let w = contrasted.has(c.clause) && seen.has(c.target) ? 1.5 : 1;
    if (clause?.concession === true) w *= 0.5;
    raw[c.target]! += w * c.value;
    // For the balance test a con after "but" is weighed as written: "rich sound and easy setup, but
    // no input switching and a flaky app" has as many cons as pros (T4: a balanced entry). Praise
    // after "but" keeps its weight: "had a recall in 2009, but today it is reliable" turns away
    // from a past problem.
    // A con in a trailing concession ("strong noise cancelling, though the call quality is weak") is
    // weighed as written too; only a leading one ("Although pricey, …") is conceded away.
    const leading = clause?.concession === true && (c.clause === 0 || clauses[c.clause - 1]?.sentence !== clause.sentence);
    const plain = c.value > 0 ? w * c.value : leading ? 0.5 * c.value : c.value;
    if (c.value > 0) {
      pros[c.target]! += plain;
      proCount[c.target]!++;
    } else if (c.value < 0) {
      cons[c.target]! -= plain;
      conCount[c.target]!++;
    } else zeroCount[c.target]!++;
    seen.add(c.target);
  }
  const mentioned = new Set(hits.map((h) => h.target));
  const readings: Array<RuleReading | null> = [];
  for (let t = 0; t < targetCount; t++) {
    if (!mentioned.has(t)) {
      readings.push(null);
      continue;
    }
    const [p, n] = [pros[t]!, cons[t]!];
    // As many favourable clauses as unfavourable ones, of comparable weight after contrast
    // weighting: pros and cons that weigh the same, a balanced entry (§3).
    const even = proCount[t]! > 0 && proCount[t] === conCount[t] && Math.min(p, n) / Math.max(p, n) >= BALANCE_RATIO;
    let r = raw[t]!;
    if (!advisedAgainst.has(t) && (even || balancedTargets.has(t))) r *= BALANCED_WEIGHT;
    // Advice against is the verdict: praise before it is a polite concession and cannot outweigh
    // it ("great classes, …; worth it only if you find it deeply discounted": §3 negative).
    else if (advisedAgainst.has(t) && r > -ADVISED_AGAINST_FLOOR) r = -ADVISED_AGAINST_FLOOR;
    const score = Math.round(Math.tanh(r / 2) * 1000) / 1000 || 0;
    readings.push({ label: labelFor(score), score, pros: p, cons: n, advised: advisedAgainst.has(t), verdict: balancedTargets.has(t), even, ranked: ranked[t] === true });
    if (counts !== null) counts[t] = { proCount: proCount[t]!, conCount: conCount[t]!, zeroCount: zeroCount[t]! };
  }
  return readings;
}
