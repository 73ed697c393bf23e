/**
 * Document structure from a real Markdown parse (marked's block lexer; inline parsing is not
 * needed and would halve throughput). Works on the FOLDED text, so full-width "１．" or "＃" are
 * already ASCII. Produces, target-independently:
 *
 * - rank entries (measurement-rules.md §2): the items of candidate recommendation lists, each
 *   with a rank, a lead (the part that names what the item is about: its bold title, else the
 *   text before " — " or a colon, else its first line) and a scope (the whole item). Shapes:
 *   1. top-level Markdown lists (ordered: rank = list start + index, so numbering that continues
 *      across group headings is one list; unordered: index + 1);
 *   2. numbered headings ("### 1. 华为", "## 第一名：…", "## Top 3 …"): rank = number;
 *   3. numbered paragraphs ("**1. Huawei**", "1、华为", "(2) 小米"), at least two in a row;
 *   4. grouped items: a sub-item of a top-level item, or an item of a list under a numbered
 *      heading/paragraph, gives the GROUP's rank when the brand leads the sub-item.
 *   Tables are never ranked. Entries that never rank (`source`): source lists (announced as
 *   参考/来源/Sources, or whose items are mostly just links), caution sections (不推荐/避坑/
 *   avoid/be cautious), how-to steps (also verb-led numbered headings and the sub-steps of a step), tips,
 *   notes/background/conclusion parts, fact-field or comparison-dimension lists, dated-event timelines, reasons and criteria, and detail lists under an entry
 *   (pros/cons "label: …" items; rank.ts also skips lists under an entry that names a brand).
 * - topic scopes: headings, list items and table rows, whose lead names the subject of the block;
 *   the sentiment module attributes sentences that name nobody to that subject.
 */
import { Lexer, Tokenizer, type Token, type Tokens } from 'marked';

/**
 * marked tries the setext-heading rule ("Title\n=====") at every paragraph, and that regex was
 * ~9% of the whole pipeline on Chinese text. When no line of the answer can be a setext underline
 * the rule can never match, so it is switched off for that parse (same tokens, less time).
 */
class NoSetextTokenizer extends Tokenizer {
  override lheading(_src: string): undefined {
    return undefined;
  }
}
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/m;
import { nestParagraphRuns, type ParagraphRun } from './para-groups.js';
import type { Span } from './types.js';
// Small patterns used inside functions, compiled once: a regex literal in a function body is a new
// RegExp object each time it is evaluated (per block, line or entry of every answer). The global
// ones are only used with replace/match, which start from lastIndex 0 whatever it was.
const AFTER_SENTENCE_MARK = /(?<=[。！？!?]|\.\s)/;
// Sub-item lines of a list item (subItems) and lazy continuation lines of a list (parseStructure);
// global, used with exec from lastIndex 0 (set before each loop; a finished loop leaves it at 0).
const SUB_ITEM_LINE = /\n(?:[ \t]{2,}(?:[*+-]|\d{1,9}[.)])[ \t]+\S|[ \t]*\(\d{1,2}\)[ \t]*\S)/g;
const LAZY_LINE = /\n(?=\S)(?![*+-]\s|\d{1,9}[.)]\s)([^\n]*)/g;
const FOOTNOTE_MARK = /\[\^?\d+\^?\]/g;
const MARKUP_CHARS = /[#*_>`]/g;
const TRAILING_COLON_OR_DOT = /[:：.\s]+$/;
const HEADING_HASHES = /^#{1,6}[ \t]*/;
const TRAILING_EMPHASIS_COLON = /[*_:\s]+$/;
const LEADING_EMPHASIS = /^[*_\s]+/;
const SENTENCE_MARK = /[。！？!?]|\.\s/;
const BOLD_OPENING = /^(?:\*\*|__)(.+?)(?:\*\*|__)/;
const COLON_LABEL = /^([^:\n]{1,30}):/;
const LABEL_COLON_END = /[:\s]+$/;
const BOLD_LEAD = /^[ \t]*(?:\d{1,2}[.、)][ \t]*)?(\*\*|__)(.+?)\1/;
const COLON_BEFORE_BOLD_END = /:[ \t]*(?:\*\*|__)$/;
const BOLD_ONLY_LINE = /^(\*\*|__)[^*_\n]+\1[:：]?$/;
const ITEM_MARKER = /^[ \t]*(?:[*+-]|\d{1,9}[.)])/;
const PUNCTUATION_OR_SYMBOL = /[\p{P}\p{S}]/gu;
export const IDEOGRAPHS = /[\u3400-\u9fff]/g;
const SPACES = /\s+/;
const CLAUSE_BREAK = /[,;。；]|\.\s|\s[—–-]\s/;
const NUMBERED_TITLE = /^[#\s]*(?:\*\*|__)?[ \t]*[(]?(?:[一二三四五六七八九十][、.)]|\d{1,2}[.、)])/;
const LEAD_MARKUP = /[*_#`[\]]/g;
const CN_PART_LINE = /^[ \t]*(?:\*\*|__)?[ \t]*[(]?[一二三四五六七八九十][、.)]/;
const CN_SECTION_NUMBER = /^[#*_\s]*[（(]?[一二三四五六七八九十]+[、.．)）]/;

/** Why a "label: …" list under an entry does not rank by itself (rank.ts may still read it as sub-items). */
export const DETAIL_LIST = 'detail list of an entry';
/** Why lists comparing the same brands section after section do not rank (here, and in rank.ts by the names). */
export const COMPARISON_DIMENSIONS = 'comparison dimensions';

export interface RankEntry {
  rank: number;
  lead: Span;
  scope: Span;
  kind: 'list' | 'heading' | 'paragraph' | 'table';
  /** Source/reference lists and detail lists (pros/cons under an entry) never rank. */
  source: boolean;
  /** For list items: the numbered heading/paragraph entry (or group item) the list sits under. */
  parent: RankEntry | null;
  /**
   * The rest of the first line after a colon that cut the lead ("For sleep: Calm, …", or a bold
   * label ending in a colon: "**Best for designers:** Squarespace — …"): a name
   * that LEADS it names the item too (the descriptor-then-name form), a name further on does not.
   */
  after?: Span;
  /** Sub-items of a group: the tracked name must lead the item (rank.ts). */
  leadStart?: boolean;
  /** Why the entry never ranks (for `analyze --explain`); set when `source` is true. */
  why?: string;
  /** For list items: where their Markdown list starts (the items of one list share it; rank.ts). */
  list?: number;
}

/**
 * A rank entry, always with the same properties in the same order (an absent optional one is
 * undefined): the entries of every answer then share one hidden class. Built with conditional
 * spreads, they had one per combination of after/leadStart/why (and a transition when a group
 * adopted an entry), so the code reading them (rank.ts, the analyzer, para-groups.ts) saw many
 * maps and could deoptimise when an answer brought a new combination (bench/README.md, probe
 * pipeline session 7). Nothing reads these objects by their keys (no `in`, spread or serialisation).
 */
function rankEntry(
  rank: number,
  lead: Span,
  scope: Span,
  kind: RankEntry['kind'],
  source: boolean,
  parent: RankEntry | null,
  after?: Span,
  leadStart?: boolean,
  why?: string,
  list?: number,
): RankEntry {
  return { rank, lead, scope, kind, source, parent, after, leadStart, why, list };
}

export interface TopicScope {
  lead: Span;
  scope: Span;
}

export interface DocStructure {
  entries: RankEntry[];
  scopes: TopicScope[];
  /** Lists of steps to follow: their clauses weigh little for sentiment (sentiment.ts). */
  steps: Span[];
}

const CN_NUMERALS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
const HEADING_NUMBER = /^#{1,6}[ \t]*(?:\*\*|__)?[ \t]*(?:(\d{1,2})[ \t]*[.、):](?!\d)|第([一二三四五六七八九十])[名位个款]?|top[ \t]*(\d{1,2})(?=[ \t]*(?:[:.、)—–-]|\*\*|__|$))|no\.[ \t]*(\d{1,2})\b|#(\d{1,2})\b|number[ \t]*(\d{1,2})\b|([一二三四五六七八九十])[、.](?![\d一二三四五六七八九十])|[(（]([一二三四五六七八九十])[)）])/;
const PARA_STYLES: ReadonlyArray<readonly [string, RegExp]> = [
  // A digit right after "." or ":" is a decimal or a time ("2.5", "1:30"); after "、" it starts the
  // item's name ("2、352 X86C", "1、2000 元以内").
  ['arabic', /^[ \t]*(?:\*\*|__)?[ \t]*(\d{1,2})[ \t]*(?:[.:](?!\d)|、)/],
  // "1）" is its own numbering style: tiers "1、3000 元以内" hold "1）X" sub-items (para-groups.ts).
  ['close-paren', /^[ \t]*(?:\*\*|__)?[ \t]*(\d{1,2})\)(?!\d)/],
  ['paren', /^[ \t]*(?:\*\*|__)?[ \t]*\((\d{1,2})\)/],
  ['di', /^[ \t]*(?:\*\*|__)?[ \t]*第([一二三四五六七八九十])[名位，,、:]/],
  ['cn', /^[ \t]*(?:\*\*|__)?[ \t]*([一二三四五六七八九十])[、.](?![\d一二三四五六七八九十])/],
  ['paren-cn', /^[ \t]*(?:\*\*|__)?[ \t]*\(([一二三四五六七八九十])\)/],
  // Doubao-style leads: keycap digits (1️⃣), medals (🥇🥈🥉), emoji bullets (✅ 飞利浦：…).
  ['keycap', /^[ \t]*(?:\*\*|__)?[ \t]*(\d)\uFE0F?\u20E3/],
];
/** The numbering that opens a numbered paragraph, any style (to read the words after it). */
const PARA_NUMBER = /^[ \t]*(?:\*\*|__)?[ \t]*(?:\d{1,2}[ \t]*[.、):]|\(\d{1,2}\)|第[一二三四五六七八九十][名位，,、:]|[一二三四五六七八九十][、.]|\([一二三四五六七八九十]\)|\d\uFE0F?\u20E3)[ \t]*/;
const MEDALS: Record<string, number> = { '🥇': 1, '🥈': 2, '🥉': 3 };
const MEDAL = /^[ \t]*(?:\*\*|__)?[ \t]*(🥇|🥈|🥉)/u;
export const EMOJI_BULLET = /^[ \t]*(✅|✔️?|☑️?|👉|🔹|🔸|🔷|🔶|▪️?|◆|◇|★|☆|•|⭐️?|🌟|📌|🔥|💎|🏆|👍|🟢|🔵)/u;

/** Number and numbering style of a numbered paragraph line ("1、X", "一、X", "1️⃣ X", "🥇 X"); null when none. */
function paraNumber(line: string, runs: ReadonlyMap<string, { entries: readonly RankEntry[] }>): { style: string; n: number } | null {
  for (const [style, re] of PARA_STYLES) {
    const m = re.exec(line);
    if (m === null) continue;
    const n = numberOf(m);
    return n === null ? null : { style, n };
  }
  const medal = MEDAL.exec(line);
  if (medal !== null) return { style: 'medal', n: MEDALS[medal[1]!]! };
  const bullet = EMOJI_BULLET.exec(line);
  if (bullet !== null) {
    const style = `bullet:${bullet[1]!.replace('\uFE0F', '')}`;
    return { style, n: (runs.get(style)?.entries.length ?? 0) + 1 };
  }
  return null;
}
// A title-like line: short, no sentence punctuation, ending in a colon.
const TITLE_LINE = /^[^,，。；;!?！？\n]{1,24}:\s*$/;
const LIST_MARKER = /^[ \t]*(?:[*+-]|\d{1,9}[.)])[ \t]*/;
// A source list is announced by a line that IS about sources ("参考资料：", "Sources", "Useful
// links:"), opening or ending with the source noun. "以下几款供你参考：", "附购买链接：" or "with links:"
// announce products that carry links (§2: a product item with a link or marker is still a product).
const SOURCE_INTRO_OPENS = /^(?:以下是|主要|相关)?(?:参考(?:资料|文献|来源|链接)?|来源|引用|出处|资料来源|数据来源|信息来源|相关链接|延伸阅读|sources?|references?|citations?|further reading|(?:useful |related |helpful )?links|read more)(?![\u4e00-\u9fff]{5})/i;
const SOURCE_INTRO_ENDS = /(?:参考资料|参考文献|参考来源|资料来源|信息来源|数据来源|引用来源|相关链接|\bsources|\breferences|\bcitations|further reading|(?:useful|related|helpful) links)$/i;
function isSourceIntro(intro: string): boolean {
  const line = intro.replace(FOOTNOTE_MARK, '').replace(MARKUP_CHARS, '').replace(TRAILING_COLON_OR_DOT, '').trim();
  return SOURCE_INTRO_OPENS.test(line) || SOURCE_INTRO_ENDS.test(line);
}
const ITEM_LABEL = /^[ \t]*(?:[*+-]|\d{1,9}[.)])[ \t]*(?:\*\*|__)?(?:[\u4e00-\u9fff]{1,6}|[a-z]+(?: [a-z]+){0,2})(?:\*\*|__)?[ \t]*[:：]/;
const RANK_HEADER = /^(排名|名次|排行|序号|rank|ranking|#|no\.?|位次)$/i;
// A section that warns against what it lists is not a recommendation list (§2).
const CAUTION = /避坑|不推荐|不建议|不太推荐|慎选|慎买|慎重|谨慎|需要注意的品牌|(?<!不容易|不会|避免|防止|防|少|别)踩雷|黑名单|劝退|避免选择|\bavoid\b|be cautious|be careful|careful with|watch out for|需要留意的|caution|not recommended|steer clear|think twice|red flags|approach with care|\bskip\b|wary|not ideal|not (?:a |the )?(?:good|great|best|right|ideal) (?:fit|choice)|poor fit|less suitable|不太适合|不适合/i;
// Lists of steps, tips, reasons or criteria name brands in passing; they are not product lists.
const HOWTO = /^(?:[#*_\s]*)to [a-z]+ |新闻|快讯|资讯|要闻|动态|消息|事件|\bnews\b|\bheadlines\b|步骤|方法|操作|办法|做法|(?:如何|怎么|怎样)(?![选挑买])|教程|技巧|贴士|注意事项|原因|理由|为什么|维度|因素|标准|指标|要点|流程|\bhow to\b|\bsteps?\b|\btips\b|\breasons?\b|\bwhy\b|\bfactors\b|\bcriteria\b|\bconsiderations\b|things to (?:consider|know|check)|checklist/i;
// Steps to follow (a subset of HOWTO: not tips or reasons) and troubleshooting intros.
const STEPS = /^(?:[#*_\s]*)to [a-z]+ |步骤|方法|操作|办法|做法|(?:如何|怎么|怎样)(?![选挑买])|教程|流程|排查|\bhow to\b|\bsteps?\b|troubleshoot/i;
const TROUBLESHOOT = /\b(?:won't|doesn't|does not|can't|cannot|isn't|keeps)\b[^.\n]{0,40}\b(?:connect|work|turn on|charge|sync|load|start|pair|update|crash|drop|disconnect)|not working|troubleshoot|排查|故障|无法|连不上|不能用|打不开/i;
// A list of facts (ownership, founding, background) or one a partial refusal offers instead of
// recommendations: never a product list, whatever nouns it uses (§2: RE1).
const FACTS_INTRO = /\bI can(?:'|’|no)t (?:help with|assist with|advise on|recommend (?:a |any )?specific)|\bI(?:'|’)m (?:not able|unable) to (?:help with|recommend (?:a |any )?specific)|\bgeneral background\b|\bgeneral(?:,)? (?:factual )?information\b|\bfactual information\b|\bgeneral facts\b|\bbackground on\b|\bwho owns\b|\bhistory of\b|我(?:无法|不能)(?:提供|推荐|帮)|发展历程|背景(?:资料|信息|介绍)/i;
// A section titled as steps, tips or advice ("二、选购步骤", "### 二、使用小技巧", "二、选购建议", "Buying
// guide"): the title ENDS with the word, so a group such as "二、性价比之选（建议预算有限时）" is none.
const ADVICE_SECTION = /(?:步骤|方法|技巧|建议|指南|贴士|注意事项|要点|流程|教程|常见问题|\btips|\bsteps|\badvice|\bguide|\bfaq)$|^(?:how to|to [a-z]+ )/i;
// A section or intro titled as a note, background, facts, a comparison or a conclusion ("二、说明",
// "### 你可能关心的背景", "**Good to know:**", "一、体验对比", "## Key facts"): what it lists are
// remarks, not the answer's products (§2: a brand named only in a note or the conclusion has no rank).
const NOTE_SECTION = /说明|备注|补充|注意|背景|结论|总结|小结|经过|处理结果|事件|延伸阅读|\bnotes?\b(?!-)|good to know|\bbackground\b|\bsummary\b|\bconclusion\b|\bverdict\b|bottom line|key facts|\bfacts\b|\bhistory\b|\btimeline\b|things to weigh/i;
// The label of a fact field or a comparison dimension ("**Founded:** 1892", "**Time:** X needs…; Y…",
// "**2021 年**：…", "- 价格：A 比 B 贵"): a list of mostly such labels describes, it does not rank (§2).
const FIELD_LABEL = /^(?:founded|founders?|headquarters|hq|ceo|owners?|ownership|parent company|revenue|sales|profit|market (?:cap|share)|employees|stock|ticker|industry|website|brands|products|main (?:competitors?|products|brands)|competitors?|background|history|time|cost|costs|price|prices|pricing|fees?(?: and minimums)?|minimums|packaging|taste|flavou?r|quality|variety|delivery|shipping|service|customer service|support|track record|atm access|branches|reputation|rates?|interest|nutrition|convenience|safety|size|weight|battery(?: life)?|design|performance|verdict|summary|bottom line|成立(?:时间)?|创立|创始人|总部|营收|收入|利润|市值|员工|背景|历史|主营(?:业务)?|业务|旗下品牌|主要产品|竞争对手|价格|售价|费用|年费|口味|口感|配送|服务|售后|品质|质量|包装|时间|速度|续航|性能|外观|设计|安全|争议|事件|结果|结论)(?:\s*\([^)]*\))?$|^(?:in )?(?:19|20)\d\d(?:\s*年(?:\s*\d{1,2}\s*月)?)?$/i;
const PRODUCT_INTRO = /推荐|品牌|哪些|排名|排行|榜|top\s*\d|\bbest\b|\brecommend|\bpicks?\b|\bbrands\b|\boptions\b|\balternatives\b|\btools\b|\bapps\b/i;
// (The word boundary applies to the English verbs only: there is none between two Chinese characters.)
const VERB_LED = /^(?:[ \t]*(?:[*+-]|\d{1,9}[.)])?[ \t]*(?:\*\*|__)?)(?:打开|点击|进入|登录|登陆|选择|下载|安装|注册|设置|确认|检查|比较|对比|关注|考虑|查看|前往|搜索|输入|填写|绑定|开启|关闭|联系|访问|(?:open|click|go to|upload|paste|copy|share|add|type|save|export|import|drag|press|follow|wait|sign (?:in|up)|log in|install|download|select|choose|navigate|tap|create|enter|check|compare|consider|look for|make sure|set up|visit|search|connect|contact|enable|turn on|turn off|read|put|hold|insert|plug|unplug|restart|reset|update|link|pay|apply|fill in|fill out|submit|forward|report|delete|remove|change|don't|do not|never|log out|verify|confirm|review|request)\b)/i;

// A numbered section titled as a comparison ("一、体验对比", "一、Loyalty programmes compared"): a part of
// the answer holding a table or remarks, not a product item (§2); a list under it is judged by itself.
const COMPARE_SECTION = /对比|比较|\bcompared\b|\bcompares?\b|\bcomparison\b|\bvs\.?(?=\s)/i;
// A title right above a list saying the answer's subject is compared ("### How it compares",
// "Compared with rivals"): the brands listed are set against that subject, not offered (§2). Not
// "Here's how they compare:" (the listed brands are the answer's options), and not 对比 / 比较,
// which above a Chinese list announce the picks a comparison produced as often as not.
const COMPARE_TITLE = /\bhow (?:it|\S+) compares\b|\bcompared (?:to|with)\b|\bcomparison\b|\bvs\.? (?:the )?(?:competition|rivals|alternatives)\b/i;
const NOTE_WHY = 'note / background / comparison section';
const FIELDS_WHY = 'fact fields / comparison dimensions';

/** A title-like line (heading, bold title, "二、说明", "Good to know:") that announces a note, background or comparison. */
function noteTitle(line: string, re: RegExp = NOTE_SECTION): boolean {
  const t = line.replace(HEADING_HASHES, '').replace(PARA_NUMBER, '').replace(TRAILING_EMPHASIS_COLON, '').replace(LEADING_EMPHASIS, '').trim();
  if (t === '' || t.length > 40 || SENTENCE_MARK.test(t)) return false;
  return re.test(t) && !PRODUCT_INTRO.test(t);
}

/**
 * A list whose items mostly open with the label of a fact field or a comparison dimension
 * ("**Founded:** 1892", "**Time:** …", "**Fees and minimums**", "**2021 年**：…"): a profile or a
 * comparison, not a product list (§2).
 */
function fieldList(text: string, items: readonly Located[]): boolean {
  if (items.length < 2) return false;
  const fields = items.filter((it) => {
    const first = text.slice(it.start, it.end).split('\n')[0]!.replace(LIST_MARKER, '');
    const bold = BOLD_OPENING.exec(first);
    const colon = COLON_LABEL.exec(first);
    const label = (bold?.[1] ?? colon?.[1] ?? '').replace(LABEL_COLON_END, '').trim();
    return label !== '' && FIELD_LABEL.test(label);
  }).length;
  return fields * 2 > items.length;
}

/** An item opening with a date ("2023 年 12 月，X 召回…", "In March 2024, X …"): an event, not a product. */
const MONTH_EN = String.raw`(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?`;
const DATED_OPENER = new RegExp(String.raw`^(?:\*\*|__)?(?:(?:19|20)\d\d\s*年(?:\s*\d{1,2}\s*月)?(?:\s*\d{1,2}\s*日)?|(?:in |since |by )?(?:${MONTH_EN} (?:\d{1,2}, )?)?(?:19|20)\d\d|(?:19|20)\d\d-\d\d(?:-\d\d)?)(?:\*\*|__)?\s*[,，:：—–-]`, 'i');

/**
 * A list whose items mostly open with a date: a timeline of events (news, recalls, lawsuits), not a
 * product list (§2). Incident fields beside the dates ("**Scope**:", "**涉及车型**：") count with them.
 */
function datedList(text: string, items: readonly Located[]): boolean {
  if (items.length < 2) return false;
  const dated = items.filter((it) => DATED_OPENER.test(text.slice(it.start, it.end).replace(LIST_MARKER, ''))).length;
  if (dated === 0) return false;
  const fields = items.filter((it) => INCIDENT_FIELD.test(text.slice(it.start, it.end).replace(LIST_MARKER, ''))).length;
  return (dated + fields) * 2 > items.length;
}
const INCIDENT_FIELD = /^(?:\*\*|__)?(?:scope|affected (?:models|products|units)|models|products affected|remedy|response|outcome|status|reports?|impact|cause|what happened|what to do|涉及(?:车型|产品|范围|型号)?|影响(?:范围)?|原因|处理(?:方式|结果|措施)?|进展|结果|后续|范围|召回范围|解决方案)(?:\*\*|__)?\s*[:：]/i;

/** The last sentence of an intro line ("… 引发关注。也可以用：" → "也可以用："). */
function lastSentence(line: string): string {
  const parts = line.split(AFTER_SENTENCE_MARK).filter((p) => p.trim() !== '');
  return parts.length > 1 ? parts[parts.length - 1]! : line;
}

interface Located {
  token: Token;
  start: number;
  end: number;
}

function locate(text: string, tokens: readonly Token[], from: number): Located[] {
  const out: Located[] = [];
  let cursor = from;
  for (const token of tokens) {
    if (token.raw.length === 0) continue;
    const at = text.indexOf(token.raw, cursor);
    if (at < 0) continue;
    out.push({ token, start: at, end: at + token.raw.length });
    cursor = at + token.raw.length;
  }
  return out;
}

function numberOf(m: RegExpExecArray): number | null {
  for (let g = 1; g < m.length; g++) {
    const v = m[g];
    if (v === undefined) continue;
    const n = CN_NUMERALS[v] ?? Number.parseInt(v, 10);
    return Number.isFinite(n) && n > 0 ? n : null;
  }
  return null;
}

/**
 * The part of an entry's first line that says what the entry is (§2): the emphasised text when
 * the line opens with it ("**Brevo** — cheaper than Mailchimp" → "Brevo"), else the text before
 * a dash separator (" — ", " – ", " - ") or a colon ("华为：拍照出色" → "华为"), else the whole
 * line. "拍照：华为" is a comparison dimension: its lead names no brand.
 */
export function leadOf(text: string, start: number, end: number): Span {
  const line = text.slice(start, end);
  const bold = BOLD_LEAD.exec(line);
  if (bold !== null && bold[2]!.trim().length > 0) return { start, end: start + bold[0].length };
  const dash = /\S[ \t]+[—–-][ \t]+\S/.exec(line);
  if (dash !== null) return { start, end: start + dash.index + 1 };
  const colon = /:(?!\/\/)/.exec(line); // "：" is folded to ":"; "https://" is not a separator
  if (colon !== null && colon.index > 0) return { start, end: start + colon.index };
  return { start, end };
}

/** After a colon-cut lead or a bold label ending in a colon: the rest of that line (see RankEntry.after). */
export function afterLead(text: string, lead: Span): Span | undefined {
  // "**Best for designers:** Squarespace — …": a bold label ending in a colon is cut like a colon.
  const label = COLON_BEFORE_BOLD_END.test(text.slice(lead.start, lead.end));
  if (text[lead.end] !== ':' && !label) return undefined;
  const nl = text.indexOf('\n', lead.end);
  return { start: label ? lead.end : lead.end + 1, end: nl < 0 ? text.length : nl };
}

/** First non-empty line of an item after its list marker, reduced to its lead. */
function itemLead(text: string, start: number, end: number): Span {
  const raw = text.slice(start, end);
  const marker = LIST_MARKER.exec(raw);
  let s = start + (marker?.[0].length ?? 0);
  for (;;) {
    const nl = text.indexOf('\n', s);
    const lineEnd = nl < 0 || nl > end ? end : nl;
    if (text.slice(s, lineEnd).trim().length > 0 || lineEnd >= end) return leadOf(text, s, lineEnd);
    s = lineEnd + 1;
  }
}

function isPseudoHeading(text: string, b: Located): boolean {
  if (b.token.type !== 'paragraph') return false;
  const body = text.slice(b.start, b.end).trim();
  return !body.includes('\n') && body.length <= 120 && BOLD_ONLY_LINE.test(body);
}

function lastLine(text: string, block: Located | undefined): string {
  if (block === undefined) return '';
  const body = text.slice(block.start, block.end).trimEnd();
  return body.slice(body.lastIndexOf('\n') + 1);
}

interface Cell extends Span {
  text: string;
}

function rowCells(text: string, start: number, end: number): Cell[] {
  const cells: Cell[] = [];
  let s = start;
  if (text[s] === '|') s++;
  for (let i = s; i <= end; i++) {
    if (i === end || (text[i] === '|' && text[i - 1] !== '\\')) {
      if (i === end && i === s) break;
      const raw = text.slice(s, i);
      const lead = raw.length - raw.trimStart().length;
      const trimmed = raw.trim();
      cells.push({ start: s + lead, end: s + lead + trimmed.length, text: trimmed });
      s = i + 1;
    }
  }
  return cells;
}

function tableScopes(text: string, block: Located, scopes: TopicScope[]): void {
  const lines: Span[] = [];
  let s = block.start;
  while (s < block.end) {
    const nl = text.indexOf('\n', s);
    const e = nl < 0 || nl > block.end ? block.end : nl;
    if (e > s) lines.push({ start: s, end: e });
    s = e + 1;
  }
  const header = lines[0];
  if (header === undefined) return;
  // Table rows are never ranked (§2); a row's first cell (or the one after a rank column) is
  // still the subject of the row for sentiment.
  const headerCells = rowCells(text, header.start, header.end);
  const rankCol = headerCells.findIndex((c) => RANK_HEADER.test(c.text.replace(/\*\*/g, '')));
  const nameCol = rankCol === 0 ? 1 : 0;
  for (const line of lines.slice(2)) {
    const name = rowCells(text, line.start, line.end)[nameCol];
    if (name !== undefined) scopes.push({ lead: name, scope: line });
  }
}

/**
 * An item that is little more than a link (a source entry): without its links, URLs and markers
 * only a few words remain, or it is a bare title followed by the link that ends the line
 * ("华为开发者文档：https://…"). A product item carrying a link or marker has a description.
 */
/** How much text a punctuation-free string holds: its ideographs, and its other words. */
function textSize(plain: string): { cjk: number; words: number } {
  return { cjk: (plain.match(IDEOGRAPHS) ?? []).length, words: plain.replace(IDEOGRAPHS, ' ').split(SPACES).filter(Boolean).length };
}

function isLinkOnly(line: string): boolean {
  if (!line.includes('://')) return false;
  const LINK = /\[[^\]\n]*\]\([^)\s]*\)|https?:\/\/[^\s)]+/g;
  const rest = line.replace(LINK, ' ').replace(FOOTNOTE_MARK, ' ').replace(ITEM_MARKER, ' ');
  // A lead and a description around a separator ("**Obsidian** — local files ([obsidian.md](…))",
  // "格力 云佳：2899元，制冷快，https://…") is a product entry carrying a link or chip, however short (§2).
  const sep = /\s[—–-]\s|[:：]/.exec(rest);
  if (sep !== null && /\p{L}/u.test(rest.slice(0, sep.index)) && /\p{L}{2}|[\u3400-\u9fff]/u.test(rest.slice(sep.index + sep[0].length))) return false;
  const { cjk, words } = textSize(rest.replace(PUNCTUATION_OR_SYMBOL, ' '));
  if (cjk <= 6 && words <= 3) return true;
  const endsWithLink = /(?:\[[^\]\n]*\]\([^)\s]*\)|https?:\/\/[^\s)]+)[)\]*_.,;:!?。）】\s]*$/.test(line);
  const before = line.replace(/(?:\[[^\]\n]*\]\([^)\s]*\)|https?:\/\/[^\s)]+)[)\]*_.,;:!?。）】\s]*$/, '');
  return endsWithLink && !CLAUSE_BREAK.test(before.replace(LINK, ' '));
}

/**
 * The lines after an item's first line describe a product when they hold a sentence of their own
 * without links ("1. **[极米 RS10](https://…)**[^1^]" then "   4K 三色激光，亮度高…"): the item is a
 * product entry whose title is a link, not a source (§2).
 */
function isDescription(rest: string): boolean {
  if (rest.includes('://')) return false;
  const { cjk, words } = textSize(rest.replace(FOOTNOTE_MARK, ' ').replace(PUNCTUATION_OR_SYMBOL, ' '));
  return cjk >= 8 || words >= 6;
}

/** A source list: its items are mostly just links (§2), not products that carry a link. */
function isLinkList(text: string, items: readonly Located[]): boolean {
  const linkOnly = items.filter((it) => {
    const [first = '', ...rest] = text.slice(it.start, it.end).split('\n');
    return isLinkOnly(first) && !isDescription(rest.join('\n'));
  }).length;
  return linkOnly * 2 > items.length;
}

/**
 * Sub-items of a top-level item (a group such as "国际品牌" or "CRM and sales"): each is an entry
 * with the group's rank that counts only when the tracked name leads it (rank.ts).
 */
function subItems(text: string, item: Located, group: RankEntry, entries: RankEntry[], scopes: TopicScope[]): void {
  // marked strips the indentation from nested tokens' raw text, so sub-items are found by their
  // indented list markers in the item's own text instead.
  const starts: number[] = [];
  // Also "（1）X" lines that Markdown folded into the item (a tier "1. 15 万以内" then "（1）零跑 C11：…").
  const body = text.slice(item.start, item.end);
  SUB_ITEM_LINE.lastIndex = 0;
  for (let m = SUB_ITEM_LINE.exec(body); m !== null; m = SUB_ITEM_LINE.exec(body)) starts.push(item.start + m.index + 1);
  const caution = CAUTION.test(text.slice(group.lead.start, group.lead.end));
  const why = group.why ?? (caution ? 'caution group' : undefined);
  starts.forEach((start, i) => {
    const end = starts[i + 1] ?? item.end;
    const lead = itemLead(text, start, end);
    const after = afterLead(text, lead);
    scopes.push({ lead, scope: { start, end } });
    entries.push(rankEntry(group.rank, lead, { start, end }, 'list', why !== undefined, group, after, true, why));
  });
}

export function parseStructure(text: string): DocStructure {
  const entries: RankEntry[] = [];
  const scopes: TopicScope[] = [];
  const steps: Span[] = [];
  let tokens: Token[];
  try {
    const tokenizer = SETEXT_UNDERLINE.test(text) ? undefined : new NoSetextTokenizer();
    tokens = new Lexer({ gfm: true, ...(tokenizer === undefined ? {} : { tokenizer }) }).blockTokens(text, []);
  } catch {
    return { entries, scopes, steps };
  }
  const blocks = locate(text, tokens, 0).filter((b) => b.token.type !== 'space');
  // Unnumbered bold titles: never ranks themselves, but a list under one is a detail list.
  const titles: RankEntry[] = [];

  // Pass 1: headings (sections and numbered entries) and numbered paragraphs. A paragraph that is
  // one fully emphasised line ("**Shopify**") is a pseudo-heading, one level below any heading.
  const headings = blocks.filter((b) => b.token.type === 'heading' || isPseudoHeading(text, b));
  const depthOf = (b: Located): number => (b.token.type === 'heading' ? (b.token as Tokens.Heading).depth : 7);
  headings.forEach((h, i) => {
    const depth = depthOf(h);
    const next = headings.slice(i + 1).find((o) => depthOf(o) <= depth);
    const scope = { start: h.start, end: next?.start ?? text.length };
    const lead = { start: h.start, end: h.end };
    scopes.push({ lead, scope });
    if (h.token.type !== 'heading') {
      titles.push(rankEntry(0, lead, scope, 'paragraph', true, null));
      return; // numbered pseudo-headings ("**1. Sony**") are handled as numbered paragraphs
    }
    const m = HEADING_NUMBER.exec(text.slice(h.start, h.end));
    const n = m === null ? null : numberOf(m);
    if (n !== null) entries.push(rankEntry(n, lead, scope, 'heading', false, null));
  });

  // Numbered paragraphs, one run per numbering style, so "一、国际品牌" sections and the "1." items
  // inside them are two lists, not one. A heading or list between numbered paragraphs does not end
  // a run: numbering that continues across group headings (1–2 under one, 3–4 under the next) is
  // one list (§2).
  const paraEntries: RankEntry[] = [];
  const lastOfRun = new Set<RankEntry>();
  const runs = new Map<string, { entries: RankEntry[]; continuation: boolean }>();
  // Every run, also those too short to be a list, for grouped numbering (para-groups.ts).
  const allRuns: ParagraphRun[] = [];
  const flushRun = (style: string): void => {
    const run = runs.get(style);
    if (run !== undefined && run.entries.length > 0) allRuns.push({ style, entries: run.entries });
    if (run !== undefined && (run.entries.length >= 2 || (run.continuation && run.entries.length > 0))) {
      paraEntries.push(...run.entries);
      lastOfRun.add(run.entries[run.entries.length - 1]!);
    }
    runs.delete(style);
  };
  // Ordered lists whose numbering a later list or numbered paragraph continues (3. after a
  // "1. 2." list under the previous group heading): their items are the list, not sub-items.
  const continued = new Set<number>();
  let lastOrdered: { start: number; next: number } | null = null;
  // A group line ("(二)SUV", "二、国产品牌") right under a list item is folded into that item by
  // Markdown (lazy continuation); it still starts the next group.
  const lazyGroupLines = (b: Located): void => {
    const body = text.slice(b.start, b.end);
    LAZY_LINE.lastIndex = 0;
    for (let m = LAZY_LINE.exec(body); m !== null; m = LAZY_LINE.exec(body)) {
      const found = paraNumber(m[1]!, runs);
      if (found === null || (found.style !== 'cn' && found.style !== 'paren-cn')) continue;
      const run = runs.get(found.style);
      const prev = run?.entries[run.entries.length - 1];
      if (prev === undefined || found.n !== prev.rank + 1) continue;
      const s = b.start + m.index + 1;
      const e = s + m[1]!.length;
      prev.scope.end = s;
      run!.entries.push(rankEntry(found.n, leadOf(text, s, e), { start: s, end: b.end }, 'paragraph', false, null));
    }
  };
  for (const b of blocks) {
    if (b.token.type === 'list') {
      const list = b.token as Tokens.List;
      lazyGroupLines(b);
      if (list.ordered) {
        const first = typeof list.start === 'number' && list.start > 0 ? list.start : 1;
        if (lastOrdered !== null && first > 1 && first === lastOrdered.next) {
          continued.add(lastOrdered.start);
          continued.add(b.start);
        }
        lastOrdered = { start: b.start, next: first + list.items.length };
      }
      continue;
    }
    if (b.token.type !== 'paragraph') continue;
    let s = b.start;
    while (s < b.end) {
      const nl = text.indexOf('\n', s);
      const e = nl < 0 || nl > b.end ? b.end : nl;
      const found = paraNumber(text.slice(s, e), runs);
      if (found !== null) {
        const { style, n } = found;
        let run = runs.get(style);
        const prev = run?.entries[run.entries.length - 1];
        if (prev !== undefined && n !== prev.rank + 1) {
          flushRun(style);
          run = undefined;
        }
        const continues = run === undefined && style === 'arabic' && lastOrdered !== null && n > 1 && n === lastOrdered.next;
        if (continues) continued.add(lastOrdered!.start);
        if (run !== undefined || n === 1 || continues) {
          if (run === undefined) {
            run = { entries: [], continuation: continues };
            runs.set(style, run);
          }
          const last = run.entries[run.entries.length - 1];
          if (last !== undefined) last.scope.end = s; // previous entry runs until this one
          const lead = leadOf(text, s, e);
          // An emoji bullet (✅ 飞利浦：…) is an item only when its lead is cut like a title.
          if (!style.startsWith('bullet') || lead.end < e) {
            const after = afterLead(text, lead);
            run.entries.push(rankEntry(n, lead, { start: s, end: b.end }, 'paragraph', false, null, after));
            if (style === 'arabic' && lastOrdered !== null && n >= lastOrdered.next) lastOrdered = { start: lastOrdered.start, next: n + 1 };
          }
        }
      }
      s = e + 1;
    }
  }
  for (const style of [...runs.keys()]) flushRun(style);
  // A section of steps, tips or advice ("二、选购步骤", "### 二、使用小技巧"): no group of products.
  const adviceSection = (e: RankEntry): boolean => {
    const lead = text.slice(e.lead.start, e.lead.end).replace(HEADING_HASHES, '').replace(PARA_NUMBER, '').replace(TRAILING_EMPHASIS_COLON, '').replace(LEADING_EMPHASIS, '');
    return ADVICE_SECTION.test(lead) && !PRODUCT_INTRO.test(lead);
  };
  paraEntries.push(...nestParagraphRuns(allRuns, entries.filter((e) => e.kind === 'heading'), new Set(paraEntries), adviceSection));
  paraEntries.sort((a, b) => a.lead.start - b.lead.start);
  // The last entry of a run also holds the lists right after it ("三、居家训练" then "- Keep：…").
  for (const e of lastOfRun) {
    let bi = blocks.findIndex((b) => b.start <= e.scope.start && e.scope.start < b.end);
    while (bi >= 0 && blocks[bi + 1]?.token.type === 'list' && blocks[bi]!.end <= e.scope.end + 2) {
      e.scope.end = blocks[bi + 1]!.end;
      bi++;
    }
  }
  for (const e of paraEntries) scopes.push({ lead: e.lead, scope: e.scope });
  entries.push(...paraEntries);
  // A bold numbered line ("**一、高端档**") is both a title and a numbered entry: at the same start
  // the numbered entry sorts last, so it is the group around the list below it (§2 grouped items).
  const parents = [...titles, ...entries].sort((a, b) => a.scope.start - b.scope.start);

  // The innermost heading or bold title around a position, and what a block's intro says.
  const sections = scopes.slice(0, headings.length);
  const sectionLead = (pos: number): string => {
    let best: TopicScope | null = null;
    for (const sc of sections) if (sc.scope.start < pos && pos < sc.scope.end && sc.lead.end <= pos && (best === null || sc.scope.start >= best.scope.start)) best = sc;
    return best === null ? '' : text.slice(best.lead.start, best.lead.end);
  };
  const unrankedWhy = (introLine: string, section: string, part = ''): string | undefined => {
    // Only the sentence that announces the list says what it is: "X was fined over a safety 事件.
    // 搬家拉货也可以用：" announces products, not news (engine 2.5).
    const intro = lastSentence(introLine);
    if (CAUTION.test(intro) || CAUTION.test(section)) return 'caution section';
    if (FACTS_INTRO.test(intro)) return 'facts / partial refusal';
    if (TROUBLESHOOT.test(intro) && !PRODUCT_INTRO.test(intro)) return 'how-to / tips / reasons list';
    if ((HOWTO.test(intro) && !PRODUCT_INTRO.test(intro)) || (HOWTO.test(section) && !PRODUCT_INTRO.test(section) && intro === '')) return 'how-to / tips / reasons list';
    if (noteTitle(intro) || noteTitle(intro, COMPARE_TITLE) || ((noteTitle(part) || noteTitle(part, COMPARE_SECTION)) && intro === '')) return NOTE_WHY;
    return undefined;
  };
  // The nearest section title before a position: a heading, a bold title line, or a 一、/（一） section
  // line ("二、说明" then "（1）…"), whose part of the answer the block belongs to.
  // Every title is a fresh { start, end } (not the entries' own lead objects): objects of one shape,
  // so the loop below sees one map (mixed shapes here were a 'wrong map' deopt of the warm worker).
  const partTitles = [...headings.map((h) => ({ start: h.start, end: h.end })), ...paraEntries.filter((e) => CN_PART_LINE.test(text.slice(e.lead.start, e.lead.end))).map((e) => ({ start: e.lead.start, end: e.lead.end }))].sort((a, b) => a.start - b.start);
  const partBefore = (pos: number): string => {
    let best: Span | null = null;
    for (const t of partTitles) if (t.end <= pos) best = t;
    return best === null ? '' : text.slice(best.start, best.end);
  };
  // A numbered section titled as a note, background, comparison or steps ("二、说明", "一、体验对比",
  // "一、用支付宝缴纳…的步骤") is a part of the answer, not a product item (§2).
  for (const e of entries) {
    if (e.source || e.leadStart === true) continue;
    const title = text.slice(e.lead.start, e.lead.end);
    if (!NUMBERED_TITLE.test(title)) continue;
    if (noteTitle(title) || noteTitle(title, COMPARE_SECTION)) Object.assign(e, { source: true, why: NOTE_WHY });
    else if (adviceSection(e)) Object.assign(e, { source: true, why: 'how-to / tips section' });
  }
  // Numbered headings that mostly open with an imperative verb ("### 1. Create an account", "### 2.
  // Link your bank") are steps to follow, not a product list (§2).
  const numberedHeadings = entries.filter((e) => e.kind === 'heading' && !e.source);
  const verbHeadings = numberedHeadings.filter((e) => VERB_LED.test(text.slice(e.lead.start, e.lead.end).replace(HEADING_HASHES, '').replace(PARA_NUMBER, '')));
  if (numberedHeadings.length >= 2 && verbHeadings.length * 2 > numberedHeadings.length) {
    for (const e of numberedHeadings) Object.assign(e, { source: true, why: 'how-to steps (numbered headings)' });
    for (const e of numberedHeadings) steps.push(e.scope);
  }
  // Numbered headings and paragraphs inside a caution section do not rank either.
  for (const e of entries) {
    const why = CAUTION.test(sectionLead(e.lead.start)) ? 'caution section' : undefined;
    if (why !== undefined) Object.assign(e, { source: true, why });
  }
  // Numbered paragraphs announced as steps, tips or reasons ("关闭…的步骤：" then 一、打开… 二、…), or
  // mostly opening with an imperative verb, are no product list (§2); steps weigh little (§3).
  const listedParas = new Set(paraEntries);
  for (const run of allRuns) {
    const listed = run.entries.filter((e) => listedParas.has(e) && e.parent === null && !e.source);
    const first = listed[0];
    if (first === undefined) continue;
    const before = text.slice(0, first.scope.start).trimEnd();
    const intro = before.slice(before.lastIndexOf('\n') + 1);
    const verbLed = listed.filter((e) => VERB_LED.test(text.slice(e.lead.start, e.scope.end).replace(PARA_NUMBER, ''))).length * 2 > listed.length;
    const why = verbLed ? 'how-to / tips / reasons list' : unrankedWhy(intro, sectionLead(first.lead.start), partBefore(first.lead.start));
    if (why === undefined) continue;
    const members = new Set(listed);
    for (const e of paraEntries) if (members.has(e) || (e.parent !== null && members.has(e.parent))) Object.assign(e, { source: true, why });
    if (verbLed || ((STEPS.test(intro) || TROUBLESHOOT.test(intro)) && !PRODUCT_INTRO.test(intro))) steps.push({ start: first.scope.start, end: listed[listed.length - 1]!.scope.end });
  }

  // Numbered paragraphs inside a step ("二、选择申请渠道" then "（1）下载…App"; the 一、 run announced as
  // steps) are sub-steps, not a product list (§2: how-to steps).
  const stepSections = entries.filter((e) => e.kind === 'paragraph' && e.source && e.why === 'how-to / tips / reasons list' && e.leadStart !== true);
  for (const run of allRuns) {
    const listed = run.entries.filter((e) => listedParas.has(e) && e.parent === null && !e.source);
    const first = listed[0];
    if (first === undefined) continue;
    const host = stepSections.filter((e) => e.lead.start < first.lead.start).pop();
    if (host === undefined || text.slice(host.lead.end, first.lead.start).split('\n').filter((l) => l.trim() !== '').length > 1) continue;
    for (const e of listed) Object.assign(e, { source: true, why: 'how-to sub-steps of a step' });
    steps.push({ start: first.scope.start, end: listed[listed.length - 1]!.scope.end });
  }

  // Pass 2: lists and tables.
  const parentAt = (pos: number): RankEntry | null => parents.filter((e) => e.scope.start <= pos && pos < e.scope.end).pop() ?? null;
  // Comparison by dimension ("### 价格" then "- 蜜雪冰城：…", "- 喜茶：…"; "### 口味" then the same
  // names again): the same item leads under two or more sections compare the brands along each
  // dimension; no recommendation list repeats its whole set of items (§2: comparison dimensions).
  const listItems = blocks.map((b) => (b.token.type === 'list' ? locate(text, (b.token as Tokens.List).items, b.start) : null));
  const leadKeys = listItems.map((items) =>
    items === null
      ? null
      : items.map((it) => {
          const l = itemLead(text, it.start, it.end);
          return text.slice(l.start, l.end).replace(LEAD_MARKUP, '').trim();
        }),
  );
  const repeatedLeads = (bi: number): boolean => {
    const mine = leadKeys[bi];
    if (mine === null || mine === undefined || mine.length < 2) return false;
    return leadKeys.some((other, oi) => {
      if (oi === bi || other === null) return false;
      // The same set of leads, every one of them: a "best overall" / "best camera" pair of lists that
      // shares a product or two is still a list of picks.
      const shared = mine.filter((k) => k.length > 0 && other.includes(k)).length;
      return shared >= 2 && shared === mine.length && other.length === mine.length;
    });
  };
  const listWhy = (b: Located, bi: number): { items: Located[]; intro: string; verbLed: boolean; why: string | undefined } => {
    const items = listItems[bi]!;
    const intro = lastLine(text, blocks[bi - 1]);
    const verbLed = items.filter((it) => VERB_LED.test(text.slice(it.start, it.end))).length * 2 > items.length;
    const why =
      isSourceIntro(intro) || isLinkList(text, items)
        ? 'source list'
        : verbLed
          ? 'how-to / tips / reasons list'
          : repeatedLeads(bi)
            ? COMPARISON_DIMENSIONS
            : fieldList(text, items)
              ? FIELDS_WHY
              : datedList(text, items)
                ? 'dated events (timeline)'
              : unrankedWhy(intro, sectionLead(b.start), partBefore(b.start));
    return { items, intro, verbLed, why };
  };
  // Numbered sections whose lists could rank. When one section ("二、具体推荐") holds the only such
  // list and a sibling section is steps, tips or advice ("三、选型步骤"), the sections are the
  // answer's parts, not groups of one grouped list: its items rank by their own numbers (§2).
  // Each list's items and verdict, read once for both passes below.
  const listInfo = blocks.map((b, bi) => (b.token.type === 'list' ? listWhy(b, bi) : null));
  const styleOf = new Map<RankEntry, string>();
  for (const run of allRuns) for (const e of run.entries) styleOf.set(e, run.style);
  const holders = new Set<RankEntry>();
  listInfo.forEach((info) => {
    if (info === null) return;
    const { items, why } = info;
    if (why !== undefined) return;
    // Each item: a group line Markdown folded into the previous item starts a group inside the list.
    for (const it of items) {
      const p = parentAt(it.start);
      if (p !== null) holders.add(p);
    }
  });
  // Numbered paragraphs nested under a section ("二、进口" then "（1）西门子：…") hold sub-items too.
  for (const e of paraEntries) if (e.parent !== null && !e.source) holders.add(e.parent);
  const loneSection = (p: RankEntry): boolean => {
    const style = p.kind === 'heading' ? 'heading' : styleOf.get(p);
    if (style === undefined) return false;
    const siblings = parents.filter((e) => e !== p && e.rank > 0 && (e.kind === 'heading' ? 'heading' : styleOf.get(e)) === style);
    if (siblings.some(adviceSection) && !siblings.some((e) => holders.has(e) && !adviceSection(e))) return true;
    // A section whose sibling sections hold no list that could rank (一、Picks then 二、Notes /
    // 三、Summary as prose, or a market-share list beside 二、原因分析) is one of the answer's parts,
    // not a group of a grouped list: a grouped list has several groups holding sub-items (§2, RS1).
    // Only 一、/（一） sections: "### 1. Best overall" is a list item (§2), a category whose bullets
    // are its sub-items even when "### 2. Best budget" is prose.
    const cnSection = CN_SECTION_NUMBER.test(text.slice(p.lead.start, p.lead.end));
    return cnSection && siblings.length > 0 && !siblings.some((e) => holders.has(e));
  };
  blocks.forEach((b, bi) => {
    if (b.token.type === 'table') {
      tableScopes(text, b, scopes);
      return;
    }
    if (b.token.type !== 'list') return;
    const list = b.token as Tokens.List;
    const { items, intro, verbLed, why } = listInfo[bi]!;
    // A short title line ending in a colon right above the list ("小米手环9：" then "- 优点：…")
    // is the subject of the list's sentences (sentiment only: it is no rank entry or group).
    const prevBlock = blocks[bi - 1];
    if (prevBlock?.token.type === 'paragraph' && TITLE_LINE.test(intro)) {
      const lineStart = text.lastIndexOf(intro, b.start);
      if (lineStart >= 0) scopes.push({ lead: { start: lineStart, end: lineStart + intro.length }, scope: { start: lineStart, end: b.end } });
    }
    // Instructions (steps, troubleshooting) describe what to do, not how good the brand is (§3).
    if (verbLed || ((STEPS.test(intro) || TROUBLESHOOT.test(intro)) && !PRODUCT_INTRO.test(intro))) steps.push({ start: b.start, end: b.end });
    // The entry or group around each item: usually one for the whole list, but a group line that
    // Markdown folded into the previous item ("2. 吉利星瑞\n(二)SUV\n1. 长城") splits the list.
    // Under an entry or title, a list whose items are mostly "label: …" (优点：/缺点：/Pros:/价格：)
    // describes that entry; it is not a ranking even when the entry names no tracked brand.
    const labelled = items.filter((it) => ITEM_LABEL.test(text.slice(it.start, it.end))).length;
    const first = typeof list.start === 'number' && list.start > 0 ? list.start : 1;
    // Numbering that continues from the previous group's list is one list, not sub-items (§2).
    const continuing = continued.has(b.start) || (list.ordered && first > 1);
    items.forEach((it, i) => {
      const parent = parentAt(it.start);
      const lone = parent !== null && loneSection(parent);
      const detail = !continuing && !lone && parent !== null && parent.rank > 0 && labelled * 2 >= items.length;
      // Items of a list under a numbered heading/paragraph are the sub-items of that group (§2).
      const group = !continuing && !lone && parent !== null && parent.rank > 0 && !parent.source ? parent : null;
      const lead = itemLead(text, it.start, it.end);
      const scope = { start: it.start, end: it.end };
      scopes.push({ lead, scope });
      const unranked = why ?? (detail ? DETAIL_LIST : undefined);
      const after = afterLead(text, lead);
      const rank = group !== null ? group.rank : list.ordered ? first + i : i + 1;
      const entry = rankEntry(rank, lead, scope, 'list', unranked !== undefined, parent, after, group !== null ? true : undefined, unranked, b.start);
      entries.push(entry);
      subItems(text, it, entry, entries, scopes);
    });
  });
  entries.sort((a, b) => a.lead.start - b.lead.start);
  return { entries, scopes, steps };
}
