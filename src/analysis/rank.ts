/**
 * Rank of a target: the rank of the first (document order) recommendation entry whose lead names
 * it. A sub-item of a group counts only when the name leads it. An entry is not eligible when it
 * never ranks (source list, caution section, how-to list: markdown.ts), or when it is a bullet
 * under a numbered entry or group that itself names a tracked brand ("### 1. 华为" followed by "- 优点：比小米…"
 * is a detail list about 华为, not a ranking that places 小米 first).
 */
import type { Hit } from './matcher.js';
import { COMPARISON_DIMENSIONS, DETAIL_LIST, EMOJI_BULLET, IDEOGRAPHS, type RankEntry } from './markdown.js';
import type { Span } from './types.js';

// leadsWith's patterns, compiled once (it runs per hit and span).
const LIST_MARKER_START = /^[ \t]*(?:[*+-]|\d{1,9}[.)])/;
const ONLY_MARKUP_OR_QUALIFIER = /^[\s*_[(#>-]*(?:\d{1,2}[.)、][\s*_[]*)?(?:(?:the|推荐|首选|选)[\s*_[]*)?$/;

function hitsIn(hits: readonly Hit[], span: Span): Hit[] {
  return hits.filter((h) => h.start >= span.start && h.start < span.end);
}

/**
 * Only markup (list marker, emphasis, link bracket, whitespace) and at most a short qualifier
 * word ("the", "推荐") between the span start and the hit: the name leads the span.
 */
function leadsWith(text: string, span: Span, hit: Hit): boolean {
  // (An emoji bullet such as "• 李宁 飞电：…" is a list marker too.)
  const before = text.slice(span.start, hit.start).replace(LIST_MARKER_START, '').replace(EMOJI_BULLET, '');
  return ONLY_MARKUP_OR_QUALIFIER.test(before) || SUB_BRAND_BEFORE.test(before);
}

/**
 * A sub-brand named "X by Brand" ("Courtyard by Marriott", "Conrad Tokyo by Hilton"): one to three
 * name words then "by" before the name, so the lead is one name (§2, RS2). The text is case-folded
 * here, so a participle before "by" ("owned by", "recommended by", "made by") says it is a sentence, not a name.
 */
const SUB_BRAND_BEFORE = /^[\s*_[(#>-]*(?:(?![\p{L}]*ed\b|(?:made|run|built|sold|beaten|written|driven|chosen|taken|given|known)\b)[\p{L}\d'’&.-]+[ \t]+){1,3}by[ \t]+$/u;

/**
 * A name given in brackets as an example of the category the lead names ("**旋转式（代表：欧乐B）**",
 * "Sonic (e.g. Philips)"): the entry is the category's, not the brand's (§2).
 */
const EXAMPLE_OF_CATEGORY = /\([^()]*(?:代表|例如|比如|如|典型|e\.g\.|such as|for example|like)[^()]*$/i;

const LATIN_WORD = /[A-Za-z][\w'’-]*/g;
/** At least `words` Latin words or `ideographs` ideographs: a sentence, not a name or a title. */
function isSentence(body: string, words: number, ideographs: number): boolean {
  return (body.match(LATIN_WORD)?.length ?? 0) >= words || (body.match(IDEOGRAPHS)?.length ?? 0) >= ideographs;
}

/**
 * A lead that is a whole sentence ("In January 2024 Stanley confirmed that…", "Cleanse with a gentle
 * cleanser (CeraVe…)", "两者均为瑞士制造，浪琴在…"): the item is a fact, a tip or a step, not a
 * product's title, so a name inside it does not make the item the product's; only a name that
 * opens the sentence does ("Notion is the best all-in-one workspace…"). §2: a list of facts, tips
 * or steps is not a product list.
 */
const SENTENCE_LEAD_WORDS = 8;
const SENTENCE_LEAD_IDEOGRAPHS = 16;
export function isSentenceLead(text: string, lead: Span): boolean {
  return isSentence(text.slice(lead.start, lead.end), SENTENCE_LEAD_WORDS, SENTENCE_LEAD_IDEOGRAPHS);
}

/**
 * A sentence that opens with the name's possessive ("无印良品的有机棉 T 恤克重更足…", "Oura's sizing
 * matters…") is about one attribute of the brand — a comparison point or a fact — not the brand's
 * entry; "Oura is the best ring for…" still is.
 */
const POSSESSIVE_AFTER = /^(?:的|['’]s?\b)/;

/**
 * What follows a label is a name only when it is short: "**Best for designers:** Squarespace — …"
 * names Squarespace, but "**Availability and app:** Traeger has the best retail presence…" and
 * "**Budget:** Pit Boss is the cheaper alternative" are sentences under a topic label — comparison
 * points, facts or tips (§2: the item's lead is the label, which names no one). Measured up to the
 * first clause break: five Latin words or ten ideographs make a sentence (fewer words started to
 * cost labelled ranks; docs/analysis-accuracy.md, engine 2.13).
 */
const AFTER_SENTENCE_WORDS = 5;
const AFTER_SENTENCE_IDEOGRAPHS = 10;
const CLAUSE_END = /[.,;:!?。，；！？(（]|\s[—–-]\s/;
export function isSentenceAfter(text: string, after: Span): boolean {
  const body = text.slice(after.start, after.end);
  const cut = CLAUSE_END.exec(body);
  return isSentence(cut === null ? body : body.slice(0, cut.index), AFTER_SENTENCE_WORDS, AFTER_SENTENCE_IDEOGRAPHS);
}

/** The entries of one Markdown list, or the sub-items of one group, with the names leading each. */
interface ListUnit {
  entries: RankEntry[];
  led: Array<ReadonlySet<number>>;
}

function listUnits(text: string, entries: readonly RankEntry[], hits: readonly Hit[]): ListUnit[] {
  const units = new Map<RankEntry | number, ListUnit>();
  for (const e of entries) {
    const key = e.leadStart === true ? e.parent : e.list;
    // (Detail lists count: under a group that names no one they are its sub-items, see ranksByTarget.)
    if (key === undefined || key === null || (e.source && e.why !== COMPARISON_DIMENSIONS && e.why !== DETAIL_LIST)) continue;
    let unit = units.get(key);
    if (unit === undefined) {
      unit = { entries: [], led: [] };
      units.set(key, unit);
    }
    unit.entries.push(e);
    unit.led.push(new Set(hitsIn(hits, e.lead).filter((h) => leadsWith(text, e.lead, h)).map((h) => h.target)));
  }
  return [...units.values()].filter((u) => u.entries.length >= 2);
}

/**
 * "- Anker recalled about 1.1 million…", "- Anker then announced a wider recall…": a list of
 * sentences two of which open with the same name states facts about that brand; a product list
 * names each product once (§2: a list of facts is not a product list).
 */
function markFactLists(text: string, units: readonly ListUnit[]): void {
  for (const unit of units) {
    const sentences = unit.entries.flatMap((e, i) => (isSentenceLead(text, e.lead) ? [unit.led[i]!] : []));
    if (sentences.length * 2 < unit.entries.length) continue;
    const opened = new Map<number, number>();
    for (const names of sentences) for (const t of names) opened.set(t, (opened.get(t) ?? 0) + 1);
    if ([...opened.values()].some((n) => n >= 2)) for (const e of unit.entries) Object.assign(e, { source: true, why: 'facts about one brand' });
  }
}

/**
 * Comparison by dimension, told by the names (§2: comparison dimensions are not a product list):
 * "## Pricing" then "- **Stripe** …", "- **Adyen** …", and "## Integration" then "- Stripe's APIs
 * …", "- Adyen's platform …" — two lists (or two groups of one grouped list) every item of which
 * is led by a tracked name, and which are led by the same two or more names, compare those names
 * along one dimension each; a recommendation list does not repeat its products section after
 * section. Every such list is marked, and so is any other list of the answer led only by some of
 * those names (the "价格" section that names the VIP plans). markdown.ts catches the same shape
 * by identical lead text; this finds it when the leads differ ("网易云音乐" / "网易云音乐黑胶VIP").
 */
function markDimensionLists(units: readonly ListUnit[]): void {
  const compared = units
    .filter((u) => u.led.every((names) => names.size > 0))
    .map((u) => ({ entries: u.entries, names: new Set(u.led.flatMap((names) => [...names])) }))
    .filter((u) => u.names.size >= 2);
  const within = (a: ReadonlySet<number>, b: ReadonlySet<number>): boolean => [...a].every((t) => b.has(t));
  const repeated = compared.filter((u) => compared.some((o) => o !== u && o.names.size === u.names.size && within(u.names, o.names)));
  for (const u of compared) {
    if (!repeated.some((r) => within(u.names, r.names))) continue;
    for (const e of u.entries) Object.assign(e, { source: true, why: COMPARISON_DIMENSIONS });
  }
}

export function ranksByTarget(text: string, entries: readonly RankEntry[], hits: readonly Hit[], targetCount: number): Array<number | null> {
  const ranks: Array<number | null> = new Array<number | null>(targetCount).fill(null);
  const units = listUnits(text, entries, hits);
  markFactLists(text, units);
  markDimensionLists(units);
  let unresolved = targetCount;
  for (const entry of entries) {
    if (unresolved === 0) break;
    // A "label: …" list under an entry is its detail list (优点：/价格：), unless its labels are
    // tracked names under a group that names none ("一、跑步记录" then "- 咕咚：…"): then they are
    // the group's sub-items (§2).
    const detail = entry.why === DETAIL_LIST && entry.parent !== null && !entry.parent.source && entry.leadStart === true;
    if (entry.source && !detail) continue;
    if (entry.parent !== null && hitsIn(hits, entry.parent.lead).length > 0) continue;
    // "用户：抖音…，快手…" / "Mounts: Canon RF, Nikon Z": a line naming two brands after a
    // label compares them along a dimension; only a single name after the label leads it.
    const afterHits = entry.after === undefined || isSentenceAfter(text, entry.after) ? [] : hitsIn(hits, entry.after);
    const leading = new Set(afterHits.map((h) => h.target)).size === 1 ? afterHits.filter((h) => leadsWith(text, entry.after!, h)) : [];
    const inLead = hitsIn(hits, entry.lead);
    // Only a lead that names someone is measured (this runs for every entry of every answer).
    const sentence = inLead.length > 0 && isSentenceLead(text, entry.lead);
    const mustLead = sentence || (inLead.length > 0 && entry.leadStart === true);
    const named = inLead.filter(
      (h) =>
        (!mustLead || leadsWith(text, entry.lead, h)) &&
        !(sentence && POSSESSIVE_AFTER.test(text.slice(h.end, h.end + 3))) &&
        !EXAMPLE_OF_CATEGORY.test(text.slice(entry.lead.start, h.start)),
    );
    for (const h of named.length > 0 ? named : leading) {
      if (ranks[h.target] === null) {
        ranks[h.target] = entry.rank;
        unresolved--;
      }
    }
  }
  return ranks;
}
