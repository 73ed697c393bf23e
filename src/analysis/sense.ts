/**
 * Sense decisions (measurement-rules.md §1): is this occurrence of a tracked name the brand, or
 * another meaning of the word? Runs on the matcher's candidates (folded coordinates).
 *
 * 1. Every Chinese name: word segmentation (zh-words.ts). A name that straddles a word boundary
 *    (中华|为人民) is not a hit; a name inside a longer word is not a hit (小米粥, 大众化, 长安街)
 *    unless that word is the name plus a company/product suffix (长安汽车, 中兴通讯).
 * 2. Ambiguous names (the name is also an ordinary word): detected from a common-word lexicon per
 *    language (Chinese: the segmenter's dictionary, common nouns/verbs/adjectives/places; English:
 *    an English word list) plus the built-in sense rules, overridable per brand with
 *    `BrandTarget.ambiguous`. Chinese ambiguous names need brand evidence in context (a model or
 *    product token, 品牌/公司/旗下/推出, a co-named tracked brand, a list lead); word evidence
 *    (a degree adverb before it, a verb particle after it, "the public" phrases) rejects them.
 *    English ambiguous names must be capitalised (matcher.ts) and are rejected in a mythology,
 *    person or place context without brand words, or when used as a sentence-initial verb.
 * 3. Both languages: a name inside an organisation's name that merely contains it (中国移动互联网
 *    产业联盟, the Washington Apple Commission) is not the brand.
 * Every decision carries its reason, printed by `sightline analyze --explain`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FoldedText } from './fold.js';
import type { Hit } from './matcher.js';
import { otherProperNoun, positionalCapital } from './sense-en.js';
import { EXCLUSION_PHRASES } from './sense-rules.js';
import type { BrandTarget } from './types.js';
import { ZhWords } from './zh-words.js';

// Patterns of the per-hit / per-clause code below, compiled once (a regex literal in a function
// body is a new RegExp object every time it is evaluated).
const HAS_IDEOGRAPH = /[\u3400-\u9fff]/;
const LATIN_WORD = /^[a-z]+$/;
const ONE_CAPITALISED_WORD_BEFORE = /^[\s>*_#\d.)([-]*[A-Z][\w'’]*\s+$/;
const ORG_NAME_AFTER = /^(?:\s+[A-Z][a-z]+){0,2}?\s+(?:Commission|Association|Council|Alliance|Federation|Foundation|Society|Board|Growers)\b/;
const ONLY_MARKUP_BEFORE = /^[\s>*_#\d.)-]*$/;
const POSSESSIVE_AFTER = /^['’]s\b/;
const PAST_VERB_AFTER = /^\s+[a-z]+ed\b/;
const COORDINATED_AFTER = /^\s+(?:and|or|&|vs\.?|versus)\s+[A-Z]/;
const IDEOGRAPH_AFTER = /^[ \t]*[\u3400-\u9fff]/;
const IDEOGRAPH_BEFORE = /[\u3400-\u9fff][ \t]*$/;
const LEAD_MARKUP_BEFORE_EN = /^[\s>*_#\d.()-]*(?:\*\*|__|\[)?$/;
const LEAD_END_AFTER_EN = /^(?:\*\*|__|\])?[ \t]*(?:[:—–(|-]|\n|$)/;
const CELL_START_BEFORE = /\|[ \t]*(?:\*\*)?$/;
const CELL_END_AFTER = /^(?:\*\*)?[ \t]*\|/;
const LEAD_MARKUP_BEFORE_ZH = /^[\s>*_#\d.()、第一二三四五六七八九十名:-]*(?:\*\*)?$/;
const LEAD_END_AFTER_ZH = /^(?:\*\*)?[ \t]*(?:[:—–(-]|\n|$)/;

export interface SenseDecision {
  target: number;
  /** Offset in the ORIGINAL text. */
  position: number;
  name: string;
  accepted: boolean;
  reason: string;
}

const ZH_AMBIGUOUS_TAGS = new Set(['n', 'v', 'a', 'ns', 'vn', 'an', 'ad', 'd', 'i', 'l', 'nr']);
const ZH_LEXICON_MIN_FREQ = 100;
const PLAIN_CROSSING_MIN_FREQ = 1000;
/** Chinese names that are always ordinary words first, whatever the dictionary's tag says. */
const ZH_BUILTIN_AMBIGUOUS = new Set(['美的', '荣耀', '一加', '理想', '蔚来', '问界', '小米', '苹果', '大众', '长城', '长安', '中兴', '联想', '奔驰', '吉利', '三星']);
/** Well-known brand names the dictionary tags as a person or place name; never ambiguous. */
const ZH_NOT_AMBIGUOUS = new Set(['华为', '宝马', '海尔', '比亚迪', '京东', '格力', '腾讯', '阿里巴巴', '百度', '海信', '奥迪']);

// The name opening a longer word that leads a list item or heading ("### 1. 平安健康", "2. **网易云音乐**：…")
// is the brand's product named in full (§2 R4): the longer word is a product name there, not a phrase.
const ITEM_LEAD_BEFORE = /(?:^|\n)[ \t>*_#]*(?:(?:\d{1,2}|[一二三四五六七八九十])[.、):]?|\([\d一二三四五六七八九十]{1,2}\)|[*+-])?[ \t*_]*(?:第[一二三四五六七八九十]名[:：]?[ \t*_]*)?$/;
const BRAND_SUFFIX = /^(?:汽车|通讯|集团|公司|科技|手机|电脑|品牌|官方|旗舰|股份|电子|电器|空调|冰箱|电视|智能|控股|银行|证券|移动|app|官网)$/;
// Brand evidence around a Chinese name: a model token right after it, or product/company words near.
const ZH_MODEL_AFTER_UNIT = '(?![\\d年月日号岁个斤颗元块次天人只件张位名])(?!\\s?(?:年|个|斤|元|块|公里|次|天|人|只|件))';
// A model token after the name ("小米 15", "理想L6"), also after 的 ("苹果的 iPhone 16") or after a
// sub-brand of up to three characters ("吉利银河 E8"); a number with a unit is no model (3 个, 1977年).
const ZH_MODEL_AFTER = new RegExp(`^(?:的)?\\s?(?:[a-z]{0,3}\\d{1,4}${ZH_MODEL_AFTER_UNIT}|[a-z]{1,8}\\b|pro|max|ultra|plus|[\\u4e00-\\u9fff]{1,3}\\s?[a-z]{1,3}\\d{1,4}${ZH_MODEL_AFTER_UNIT})`);
const ZH_BRAND_NEAR = /品牌|公司|换电|车机|智驾|座舱|白酒|酱香|机票|酒店|打车|外卖|快递|网购|电商|银行|贷款|信用卡|理财|基金|股票|油烟机|热水器|洗碗机|燃气灶|灶具|净水器|扫地机|吸尘器|电器|家电|跑鞋|球鞋|运动鞋|服装|牛奶|鲜奶|酸奶|乳业|饮料|方便面|保险|理赔|会员|课程|听书|播客|自行车|应用|平台|下载|门店|集团|旗下|推出|发布|官方|官网|门店|股价|市值|车型|新车|销量|售后|客服|手机|智能家居|网关|汽车|电动车|新能源|笔记本|平板|空调|冰箱|洗衣机|电视|耳机|手表|手环|音箱|路由器|充电宝|吹风机|剃须刀|电饭煲|摄像头|显示器|键盘|鼠标|芯片|系统|机型|旗舰|产品|系列|型号|续航|充电|屏幕|拍照|性价比|车主|用户|购买|入手|选购|价格|售价|万元|(?<!亿)元|影像|性能|做工|设计|质量|品质|服务|体验|信号|处理器|配置|外观|画质|音质|功能|款|新机|机身|车身|门店|专卖|代言|上市|发布会|生态|商城|销售|市场份额|份额/;
// Word evidence: a degree adverb right before ("很美的", "太理想"), a verb particle right after
// ("联想到", "奔驰在"), a "the public" phrase ("社会大众"), a person ("张荣耀先生").
const ZH_DEGREE_BEFORE = /(?:很|最|太|真|好|多|挺|更|非常|十分|特别|相当|比较|极|越来越|不够|最为)$/;
const ZH_PARTICLE_AFTER = /^(?:到|起|着|过|而|在|向|于|地|之|化)/;
const ZH_PUBLIC_BEFORE = /(?:社会|人民|普通|广大|国家|民族|我的|你的|他的|人生|远大|崇高|伟大|实现|追求|万里|八达岭)$/;
const ZH_PERSON_AFTER = /^(?:先生|女士|老师|同学|教授|医生|说|表示)/;
const ORG_AFTER_ZH = /^[\u3400-\u9fff]{0,8}?(?:联盟|协会|委员会|商会|基金会|研究会|研究院|联合会)/;
// Other organisations, places and works named with the same characters, right after the name:
// 长安大学, 凤凰卫视, 光明日报 (an organisation); 红旗渠, 凤凰古城, 长安街 (a place); 海马体.
const ORG_HEAD_AFTER_ZH = /^(?:大学|学院|中学|小学|医院|卫视|电视台|日报|晚报|周刊|杂志社|出版社|研究所|博物馆|剧院|乐团|学会|报社)/;
const PLACE_AFTER_ZH = /^(?:古城|古镇|景区|公园|广场|大道|山脉|地区|机场|车站|大桥|水库|遗址|渠|街|巷|镇|村|县|岛|寺|庙|塔|桥|宫|谱|体(?![验系积感重育彩操型])|城(?!市)|山(?![寨东西])|湖(?![南北])|河(?![南北])|江(?![苏西南湖])|市(?![场值面民])|省(?![钱电油心时力]))/;
// Person, place, history, myth and film context: "李宁…夺得六枚金牌", "唐代的长安", "神话人物哪吒".
const ZH_OTHER_SENSE = /出生|毕业于|夺得|金牌|冠军|运动员|体操|退役|演员|歌手|导演|诗人|作家|皇帝|将军|神话|传说|人物|被誉为|享年|去世|逝世|古代|唐代|宋代|汉代|明代|清代|朝代|都城|古称|首都|山脉|海拔|景区|景点|游览|大脑|神经|电影|票房|上映|小说|电视剧|诗词|歌曲|典故/;

const EN_OTHER_SENSE = /\b(?:gods?|goddess|deity|myths?|mythology|mythological|greek|roman|norse|legend|legendary|titan|olympus|planet|orbit|inventor|physicist|scientist|born|died|biography|painter|poet|river|rainforest|jungle|basin|novel|film|movie|album|song|species|animal|bird|fruit|zoo|wild|rose to fame|celebrity|heiress|actor|actress|singer|songwriter|rapper|athlete|gymnast|footballer|quarterback|olympics?|senator|emperor|pope|reality (?:series|show|star)|starred|biopic|grandfather|great-grandfather|novelist|composer|philosopher|eclipse|solar|covid(?:-19)?|coronavirus|pandemic|deforestation|indigenous|wildlife|bible|biblical|scripture|totality|plasma|nests?|perched|feathers?|lithograph)\b/;
const EN_BRAND_NEAR = /\b(?:inc|corp|corporation|company|companies|brand|brands|household name|app|apps|software|platform|stock|shares|ceo|product|products|pricing|price|prices|plan|plans|subscription|cars?|vehicles?|ev|evs|model|models|phones?|laptops?|stores?|headquartered|founded|users|customers|tools?|services?|workspace|integrations?|dealers?|launch(?:ed)?|sells?|market|buy|bought|order(?:s|ed)?|shipping|delivery|deliveries|retailer|retail|online|sellers?|reviews?|ratings?|deals?|discounts?|premium|membership|subscribers?|account|download|install|sign up|log in|login|fees?|airlines?|flights?|hotels?|restaurants?|menu|sandwich(?:es)?|beer|drinks?|shoes?|sneakers?|jackets?|apparel|clothing|release[sd]?|version|update|features?|support|available|offers?|costs?|charges?|devices?|speakers?|headphones|earbuds|watch|cameras?|tv|browser|console|tablets?|policy|returns?|cards?|bank|banking|trucks?|suv|sedan|dealership|warranty|revenue|earnings|valuation|ipo|acquired|acquisition|employees|chain|franchise|outlets?|checkout|api|website|iphone|android|ios|windows|mac|pc|soap|shampoo|deodorant|lotion|jeans|shirts?|hoodies?|clothes|outfits?|channels?|calls?|meetings?|video calls?|readers?|terminals?|messages?|messaging|chats?|encrypt\w*|privacy|payments?|transactions?|merchants?|tickets?|booking|bookings|rewards|points|miles|loyalty|quality|build quality|owners|drivers|complaints|recalls?|lineup|sales|sold|shipments|market share|battery|charging|firmware|hardware|interior|performance|carriers?|plans?)\b|\$\d/;
const EN_VERB_AFTER = /^\s+(?:in|out|off|up|down|into|across|through|the|a|an|your|our|their|this|that|it|them)\b/;
// A model or product token right after a name: "Kindle Paperwhite", "Pixel 9", "Square Terminal".
const EN_MODEL_AFTER = /^(?:['’]s)?\s+(?:[A-Z][\w+-]*|[a-z]*\d[\w+-]*)/;
const EN_MODEL_NUMBER_AFTER = /^(?:['’]s)?\s+[a-z]*\d[\w+-]*/i;
// A bare singular subject with its verb ("Peloton is good.", "Notion offers…"): a common noun
// would take a determiner there ("The peloton is…"), so the word is a proper noun.
const EN_SUBJECT_VERB_AFTER = /^\s+(?:is|was|has|had|offers|makes|lets|provides|supports|costs|charges|includes|remains|uses|gives|comes|works|does|doesn't|isn't|wasn't|can|can't|will|won't|should|would|announced|launched|released|introduced|added|keeps|stands|shines|excels|feels|runs|delivers|wins|leads|focuses|integrates|syncs|became|becomes|grew|sold|paid|lost|faces|faced|began|built)\b/;

// The word lists are searched as text ("\"notion\"" in the JSON array, "\n理想 " in the jieba
// dictionary) rather than parsed into sets: a name lookup is needed a few times per analyzer, and
// parsing 275k words cost ~300 ms of a cold `sightline analyze`. They are searched as UTF-8 bytes,
// not decoded: decoding 3.4 + 5 MB to strings was ~15–30 ms of a cold start, and a byte match of a
// UTF-8 encoded word in a UTF-8 file is the same match as in the decoded text.
let englishWords: Buffer | null = null;
function isEnglishWord(word: string): boolean {
  if (englishWords === null) {
    const require = createRequire(import.meta.url);
    englishWords = readFileSync(require.resolve('an-array-of-english-words'));
  }
  return englishWords.includes(`"${word}"`);
}

let zhDict: Buffer | null = null;
function zhLexiconEntry(word: string): { freq: number; tag: string } | undefined {
  if (zhDict === null) {
    const require = createRequire(import.meta.url);
    zhDict = readFileSync(require.resolve('@node-rs/jieba/dict.txt'));
  }
  // The first line that starts with "word " (lastIndexOf from 0 looks at the first line only).
  let at = zhDict.lastIndexOf(`${word} `, 0);
  if (at < 0) {
    at = zhDict.indexOf(`\n${word} `);
    if (at < 0) return undefined;
    at++;
  }
  const eol = zhDict.indexOf(0x0a, at);
  const line = zhDict.toString('utf8', at, eol < 0 ? zhDict.length - 1 : eol);
  const [, f, t] = line.split(' ');
  return { freq: Number(f), tag: (t ?? '').trim() };
}

/** Is this folded name also an ordinary word? (Per-brand `ambiguous` overrides.) */
const ambiguityMemo = new Map<string, boolean>();
export function isAmbiguousName(key: string, override?: boolean): boolean {
  if (override !== undefined) return override;
  let v = ambiguityMemo.get(key);
  if (v === undefined) {
    v = lexiconSaysAmbiguous(key);
    if (ambiguityMemo.size > 10_000) ambiguityMemo.clear();
    ambiguityMemo.set(key, v);
  }
  return v;
}

function lexiconSaysAmbiguous(key: string): boolean {
  if (HAS_IDEOGRAPH.test(key)) {
    if (ZH_NOT_AMBIGUOUS.has(key)) return false;
    if (ZH_BUILTIN_AMBIGUOUS.has(key) || EXCLUSION_PHRASES[key] !== undefined) return true;
    const entry = zhLexiconEntry(key);
    return entry !== undefined && entry.freq >= ZH_LEXICON_MIN_FREQ && ZH_AMBIGUOUS_TAGS.has(entry.tag) && entry.tag !== 'nr';
  }
  if (LATIN_WORD.test(key)) return EXCLUSION_PHRASES[key] !== undefined || isEnglishWord(key);
  return false;
}

/** Context reach each side of a candidate: bounded, so an answer of one endless sentence stays linear. */
const REACH = 400;
const SENTENCE_END_CHARS = new Set(['\n', '。', '！', '？', '!', '?']);

function sentenceBounds(text: string, pos: number): { start: number; end: number } {
  const floor = Math.max(0, pos - REACH);
  const ceil = Math.min(text.length, pos + REACH);
  let start = pos;
  while (start > floor && !SENTENCE_END_CHARS.has(text[start - 1]!) && !(text[start - 1] === ' ' && text[start - 2] === '.')) start--;
  let end = pos;
  while (end < ceil && !SENTENCE_END_CHARS.has(text[end]!) && !(text[end] === '.' && /\s/.test(text[end + 1] ?? ' '))) end++;
  return { start, end };
}

/** The paragraph, list or table around a position (between blank lines). */
function blockBounds(text: string, pos: number): { start: number; end: number } {
  const floor = Math.max(0, pos - 4 * REACH);
  const ceil = Math.min(text.length, pos + 4 * REACH);
  const before = text.lastIndexOf('\n\n', pos);
  const after = text.indexOf('\n\n', pos);
  return { start: before < floor ? floor : before + 2, end: after < 0 || after > ceil ? ceil : after };
}

/** Is [start, end) inside a work's title in 《…》 (a book, film, drama, song, newspaper)? */
function insideTitle(text: string, start: number, end: number): boolean {
  const open = text.lastIndexOf('《', start);
  if (open < 0 || start - open > 40) return false;
  const closeBefore = text.lastIndexOf('》', start);
  if (closeBefore > open) return false;
  const close = text.indexOf('》', end);
  return close >= 0 && close - end <= 40 && !text.slice(end, close).includes('《');
}

function isCjkName(key: string): boolean {
  return HAS_IDEOGRAPH.test(key);
}

export class SenseJudge {
  private readonly ambiguous: boolean[][];
  /** This analyzer's own segmenter: its cuts depend on its tracked names only (zh-words.ts). */
  private readonly zhWords: ZhWords;
  /** Every word of every tracked name, folded ("google", "pixel"): a tracked word before a name is no first name. */
  private readonly trackedWords = new Set<string>();

  constructor(
    private readonly targets: readonly BrandTarget[],
    private readonly keyOf: (hit: Hit, text: string) => string,
  ) {
    const zhNames: string[] = [];
    this.ambiguous = targets.map(() => []);
    for (const t of targets) {
      for (const n of [t.name, ...(t.aliases ?? [])]) {
        if (isCjkName(n)) zhNames.push(n.trim());
        for (const w of n.toLowerCase().split(/[^a-z0-9'’]+/)) if (w.length > 0) this.trackedWords.add(w);
      }
    }
    this.zhWords = new ZhWords(zhNames);
  }

  private ambiguousCache = new Map<string, boolean>();
  private isAmbiguous(target: number, key: string): boolean {
    const cacheKey = `${target}\u0000${key}`;
    let v = this.ambiguousCache.get(cacheKey);
    if (v === undefined) {
      v = isAmbiguousName(key, this.targets[target]?.ambiguous);
      this.ambiguousCache.set(cacheKey, v);
    }
    return v;
  }

  /** Keep the hits that refer to the brand; `decisions` (when given) receives every verdict. */
  judge(folded: FoldedText, original: string, hits: readonly Hit[], decisions: SenseDecision[] | null): Hit[] {
    const text = folded.text;
    const out: Hit[] = [];
    const verdicts = hits.map((h) => this.decide(text, h, hits, original, folded.origin));
    hits.forEach((h, i) => {
      const v = verdicts[i]!;
      if (v.accepted) out.push(h);
      if (decisions !== null) {
        decisions.push({ target: h.target, position: folded.origin[h.start]!, name: text.slice(h.start, h.end), accepted: v.accepted, reason: v.reason });
      }
    });
    return out;
  }

  private decide(text: string, h: Hit, all: readonly Hit[], original: string, origin: Int32Array): { accepted: boolean; reason: string } {
    const key = this.keyOf(h, text);
    const before = text.slice(Math.max(0, h.start - 6), h.start);
    const after = text.slice(h.end, h.end + 24);
    if (isCjkName(key)) {
      if (ORG_AFTER_ZH.test(after) && !/^[\s,、，。]/.test(after)) return { accepted: false, reason: `part of an organisation's name (${key}${ORG_AFTER_ZH.exec(after)![0]})` };
      if (ORG_HEAD_AFTER_ZH.test(after)) return { accepted: false, reason: `part of another organisation's name (${key}${ORG_HEAD_AFTER_ZH.exec(after)![0]})` };
      if (insideTitle(text, h.start, h.end)) return { accepted: false, reason: 'inside the title of a work (《…》)' };
      if (PLACE_AFTER_ZH.test(after)) return { accepted: false, reason: `part of a place or another compound (${key}${PLACE_AFTER_ZH.exec(after)![0]})` };
      const w = this.zhWords.wordAt(text, h.start, h.end);
      if (w.fit === 'crosses') {
        // Segmentation is itself a guess (长安逸动 → 长/安逸/动): a sentence that names another
        // tracked brand and product words overrides it.
        const sb = sentenceBounds(text, h.start);
        const near = ZH_BRAND_NEAR.exec(text.slice(sb.start, sb.end));
        if (!(near !== null && this.coNamed(h, all, sb))) return { accepted: false, reason: `straddles a word boundary: ${w.word}` };
      }
      if (w.fit === 'inside') {
        const suffix = w.start === h.start ? w.word.slice(h.end - h.start) : '';
        if (!BRAND_SUFFIX.test(suffix) && !(suffix !== '' && ITEM_LEAD_BEFORE.test(text.slice(Math.max(0, h.start - 16), h.start)))) {
          return { accepted: false, reason: `inside the word ${w.word}` };
        }
      }
      const sb = sentenceBounds(text, h.start);
      const sentence = text.slice(sb.start, sb.end);
      if (w.fit === 'word') {
        // Segmented without the tracked names, a dictionary word may straddle the name (对方|太).
        // Two-character names only (longer ones are specific), and only a frequent word (≥ 1000:
        // 对方, 集中, 性格), so a locative like 书上 does not cut 小红书.
        const crossing = h.end - h.start === 2 ? this.zhWords.plainCrossing(text, h.start, h.end) : null;
        if (crossing !== null && (zhLexiconEntry(crossing)?.freq ?? 0) >= PLAIN_CROSSING_MIN_FREQ && !ZH_MODEL_AFTER.test(after) && !ZH_BRAND_NEAR.test(sentence)) {
          return { accepted: false, reason: `straddles a word boundary without the brand names: ${crossing}` };
        }
      }
      if (ZH_OTHER_SENSE.test(sentence) && !ZH_BRAND_NEAR.test(sentence) && !ZH_MODEL_AFTER.test(after) && !this.coNamed(h, all, sb)) {
        return { accepted: false, reason: `another meaning: ${ZH_OTHER_SENSE.exec(sentence)![0]} context` };
      }
      if (!this.isAmbiguous(h.target, key)) return { accepted: true, reason: 'whole word, not an ordinary word' };
      if (ZH_MODEL_AFTER.test(after)) return { accepted: true, reason: 'model or product token follows' };
      if (ZH_DEGREE_BEFORE.test(before)) return { accepted: false, reason: 'word sense: degree adverb before it' };
      if (ZH_PARTICLE_AFTER.test(after)) return { accepted: false, reason: 'word sense: verb/adjective particle after it' };
      if (ZH_PUBLIC_BEFORE.test(before)) return { accepted: false, reason: 'word sense: common-noun phrase' };
      if (ZH_PERSON_AFTER.test(after)) return { accepted: false, reason: 'a person of that name' };
      return this.brandEvidence(text, h, all);
    }
    // Latin names: capitalisation is evidence, so read the ORIGINAL text around the candidate.
    const oStart = origin[h.start]!;
    const oEnd = origin[h.end]!;
    const originalBefore = original.slice(Math.max(0, oStart - 80), oStart);
    const originalAfter = original.slice(oEnd, oEnd + 80);
    const s = sentenceBounds(text, h.start);
    const sentence = text.slice(s.start, s.end);
    const sentenceBefore = original.slice(origin[s.start]!, oStart);
    const singleWord = LATIN_WORD.test(key);
    if (singleWord) {
      const other = otherProperNoun({
        before: originalBefore,
        after: originalAfter,
        written: original.slice(oStart, oEnd),
        key,
        previousIsSentenceStart: ONE_CAPITALISED_WORD_BEFORE.test(sentenceBefore),
        isTrackedName: (w) => this.trackedWords.has(w),
      });
      if (other !== null) return { accepted: false, reason: other };
    } else if (ORG_NAME_AFTER.test(originalAfter)) {
      return { accepted: false, reason: "part of an organisation's name" };
    }
    // Mythology, people and places share names with brands that are no dictionary words (Nike).
    if (singleWord && EN_OTHER_SENSE.test(sentence) && !EN_BRAND_NEAR.test(sentence) && !this.coNamed(h, all, s)) {
      return { accepted: false, reason: `another meaning: ${EN_OTHER_SENSE.exec(sentence)![0]} context` };
    }
    if (!singleWord || !this.isAmbiguous(h.target, key)) return { accepted: true, reason: 'whole word, not an ordinary word' };
    const atSentenceStart = ONLY_MARKUP_BEFORE.test(text.slice(s.start, h.start));
    if (atSentenceStart && EN_VERB_AFTER.test(after) && !EN_BRAND_NEAR.test(sentence)) return { accepted: false, reason: 'word sense: verb use' };
    // An ordinary word whose capital only marks its place (sentence start, title-case heading,
    // inside a longer proper noun) needs brand evidence, as a Chinese ambiguous name does.
    const lineStart = original.lastIndexOf('\n', oStart - 1) + 1;
    const lineEndAt = original.indexOf('\n', oEnd);
    const lineEnd = lineEndAt < 0 ? original.length : lineEndAt;
    const position = positionalCapital(original.slice(lineStart, oStart), original.slice(oEnd, lineEnd), sentenceBefore, (w) => this.trackedWords.has(w));
    if (position !== null) return this.latinBrandEvidence(text, h, all, s, sentence, originalAfter, position);
    return { accepted: true, reason: 'capitalised mid-sentence, no other-meaning context' };
  }

  /** Brand evidence for an ordinary English word whose capital letter proves nothing. */
  private latinBrandEvidence(
    text: string,
    h: Hit,
    all: readonly Hit[],
    s: { start: number; end: number },
    sentence: string,
    originalAfter: string,
    position: 'sentence start' | 'title case' | 'inside a longer proper noun',
  ): { accepted: boolean; reason: string } {
    const near = EN_BRAND_NEAR.exec(sentence);
    if (near !== null) return { accepted: true, reason: `brand evidence: ${near[0]}` };
    // In a title-case line every word is capitalised, so only a model number counts there.
    if ((position === 'title case' ? EN_MODEL_NUMBER_AFTER : EN_MODEL_AFTER).test(originalAfter)) return { accepted: true, reason: 'brand evidence: a model or product name follows' };
    if (POSSESSIVE_AFTER.test(originalAfter)) return { accepted: true, reason: 'brand evidence: a possessive proper noun' };
    if (position === 'sentence start' && (EN_SUBJECT_VERB_AFTER.test(originalAfter) || PAST_VERB_AFTER.test(originalAfter))) return { accepted: true, reason: 'brand evidence: a bare subject of a verb' };
    if (COORDINATED_AFTER.test(originalAfter)) return { accepted: true, reason: 'brand evidence: coordinated with another proper noun' };
    if (this.coNamed(h, all, s) || this.coNamed(h, all, blockBounds(text, h.start))) return { accepted: true, reason: 'brand evidence: co-named with another tracked brand' };
    // A Latin word set in Chinese text ("OPPO 目前的手机产品线") is a name, not an English word.
    if (LATIN_WORD.test(text.slice(h.start, h.end)) && (IDEOGRAPH_AFTER.test(text.slice(h.end, h.end + 3)) || IDEOGRAPH_BEFORE.test(text.slice(Math.max(0, h.start - 3), h.start)))) {
      return { accepted: true, reason: 'brand evidence: a Latin name in Chinese text' };
    }
    if (LEAD_MARKUP_BEFORE_EN.test(text.slice(s.start, h.start)) && LEAD_END_AFTER_EN.test(text.slice(h.end, h.end + 4))) {
      return { accepted: true, reason: 'brand evidence: lead of a list item or heading' };
    }
    if (CELL_START_BEFORE.test(text.slice(Math.max(0, h.start - 4), h.start)) && CELL_END_AFTER.test(text.slice(h.end, h.end + 4))) {
      return { accepted: true, reason: 'brand evidence: a table cell of its own' };
    }
    return { accepted: false, reason: `an ordinary word capitalised by its position (${position}), without brand evidence` };
  }

  /** Another tracked name within [s.start, s.end)? Hits are sorted: binary search, then a bounded scan. */
  private coNamed(h: Hit, all: readonly Hit[], s: { start: number; end: number }): boolean {
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (all[mid]!.start < s.start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < all.length && all[i]!.start < s.end; i++) if (all[i]!.target !== h.target) return true;
    return false;
  }

  private brandEvidence(text: string, h: Hit, all: readonly Hit[]): { accepted: boolean; reason: string } {
    const s = sentenceBounds(text, h.start);
    const sentence = text.slice(s.start, s.end);
    const near = ZH_BRAND_NEAR.exec(sentence);
    if (near !== null) return { accepted: true, reason: `brand evidence: ${near[0]}` };
    if (this.coNamed(h, all, s) || this.coNamed(h, all, blockBounds(text, h.start))) return { accepted: true, reason: 'brand evidence: co-named with another tracked brand' };
    if (CELL_START_BEFORE.test(text.slice(Math.max(0, h.start - 4), h.start)) && CELL_END_AFTER.test(text.slice(h.end, h.end + 4))) {
      return { accepted: true, reason: 'brand evidence: a table cell of its own' };
    }
    if (LEAD_MARKUP_BEFORE_ZH.test(text.slice(s.start, h.start)) && LEAD_END_AFTER_ZH.test(text.slice(h.end, h.end + 4))) {
      return { accepted: true, reason: 'brand evidence: lead of a list item or heading' };
    }
    return { accepted: false, reason: 'ambiguous name without brand evidence' };
  }
}
