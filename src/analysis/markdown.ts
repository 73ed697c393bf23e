/**
 * Document structure from a real Markdown parse (marked's block lexer; inline parsing is not
 * needed and would halve throughput). Works on the FOLDED text, so full-width "１．" or "＃" are
 * already ASCII. Produces, target-independently:
 *
 * - rank entries: the items of candidate recommendation lists, each with a rank, a lead (the part
 *   that names what the item is about) and a scope (the whole item). Four shapes count:
 *   1. top-level Markdown lists (ordered: rank = list start + index, so a list resumed after an
 *      interruption keeps its numbering; unordered: index + 1); lead = the item's first line;
 *   2. numbered headings at one level ("### 1. 华为", "## 第一名：…", "## Top 3 …"): rank = number;
 *   3. numbered paragraphs ("**1. Huawei**", "1、华为", "(2) 小米", "1.华为"), at least two in a
 *      row (1, 2, …) to count as a list: rank = number;
 *   4. tables with a rank column (排名/名次/序号/Rank/#): rank = that cell, lead = first other cell.
 *   Lists under a heading or paragraph that announces sources (参考/来源/Sources/References) or
 *   whose items are mostly URLs are source lists, not recommendations. A list under a numbered
 *   entry or a bold title is a detail list (not a ranking) when that entry names a tracked brand
 *   (rank.ts) or when its items are mostly "label: …" (优点：/缺点：/Pros:).
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
import type { Span } from './types.js';

export interface RankEntry {
  rank: number;
  lead: Span;
  scope: Span;
  kind: 'list' | 'heading' | 'paragraph' | 'table';
  /** Source/reference lists and detail lists (pros/cons under an entry) never rank. */
  source: boolean;
  /** For list items: the numbered heading/paragraph entry the list sits under, if any. */
  parent: RankEntry | null;
}

export interface TopicScope {
  lead: Span;
  scope: Span;
}

export interface DocStructure {
  entries: RankEntry[];
  scopes: TopicScope[];
}

const CN_NUMERALS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
const HEADING_NUMBER = /^#{1,6}[ \t]*(?:\*\*|__)?[ \t]*(?:(\d{1,2})[ \t]*[.、):](?!\d)|第([一二三四五六七八九十])[名位个款]?|top[ \t]*(\d{1,2})\b|no\.[ \t]*(\d{1,2})\b|#(\d{1,2})\b)/;
const PARA_NUMBER = /^[ \t]*(?:\*\*|__)?[ \t]*(?:(\d{1,2})[ \t]*[.、):](?!\d)|\((\d{1,2})\)|第([一二三四五六七八九十])[名位，,、:])/;
const LIST_MARKER = /^[ \t]*(?:[*+-]|\d{1,9}[.)])[ \t]*/;
const SOURCE_INTRO = /(参考|来源|引用|出处|资料|链接|sources?|references?|citations?|further reading|links?)[^\n]{0,12}[:：]?\s*$/i;
const ITEM_LABEL = /^[ \t]*(?:[*+-]|\d{1,9}[.)])[ \t]*(?:\*\*|__)?(?:[\u4e00-\u9fff]{1,6}|[a-z]+(?: [a-z]+){0,2})(?:\*\*|__)?[ \t]*[:：]/;
const RANK_HEADER = /^(排名|名次|排行|序号|rank|ranking|#|no\.?|位次)$/i;

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
 * The part of an entry's first line that says what the entry is: the emphasised text when the
 * line opens with it ("**Brevo** — cheaper than Mailchimp" → "Brevo"), else the text before a
 * dash separator (" — ", " – ", " - "), else the whole line. Colons do not cut: "拍照：华为" and
 * "For sleep: Calm" put the recommended name after the colon.
 */
export function leadOf(text: string, start: number, end: number): Span {
  const line = text.slice(start, end);
  const bold = /^[ \t]*(?:\d{1,2}[.、)][ \t]*)?(\*\*|__)(.+?)\1/.exec(line);
  if (bold !== null && bold[2]!.trim().length > 0) return { start, end: start + bold[0].length };
  const dash = /\S[ \t]+[—–-][ \t]+\S/.exec(line);
  if (dash !== null) return { start, end: start + dash.index + 1 };
  return { start, end };
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
  return !body.includes('\n') && body.length <= 120 && /^(\*\*|__)[^*_\n]+\1[:：]?$/.test(body);
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

function tableEntries(text: string, block: Located, entries: RankEntry[], scopes: TopicScope[]): void {
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
  const headerCells = rowCells(text, header.start, header.end);
  const rankCol = headerCells.findIndex((c) => RANK_HEADER.test(c.text.replace(/\*\*/g, '')));
  const nameCol = rankCol === 0 ? 1 : 0;
  lines.slice(2).forEach((line, i) => {
    const cells = rowCells(text, line.start, line.end);
    const name = cells[nameCol];
    if (name === undefined) return;
    scopes.push({ lead: name, scope: line });
    if (rankCol >= 0) {
      const n = Number.parseInt(cells[rankCol]?.text.replace(/\D+/g, '') ?? '', 10);
      entries.push({ rank: n > 0 ? n : i + 1, lead: name, scope: line, kind: 'table', source: false, parent: null });
    }
  });
}

export function parseStructure(text: string): DocStructure {
  const entries: RankEntry[] = [];
  const scopes: TopicScope[] = [];
  let tokens: Token[];
  try {
    const tokenizer = SETEXT_UNDERLINE.test(text) ? undefined : new NoSetextTokenizer();
    tokens = new Lexer({ gfm: true, ...(tokenizer === undefined ? {} : { tokenizer }) }).blockTokens(text, []);
  } catch {
    return { entries, scopes };
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
      titles.push({ rank: 0, lead, scope, kind: 'paragraph', source: true, parent: null });
      return; // numbered pseudo-headings ("**1. Sony**") are handled as numbered paragraphs
    }
    const m = HEADING_NUMBER.exec(text.slice(h.start, h.end));
    const n = m === null ? null : numberOf(m);
    if (n !== null) entries.push({ rank: n, lead, scope, kind: 'heading', source: false, parent: null });
  });

  const paraEntries: RankEntry[] = [];
  let run: RankEntry[] = [];
  const flush = (): void => {
    if (run.length >= 2) paraEntries.push(...run);
    run = [];
  };
  for (const b of blocks) {
    if (b.token.type !== 'paragraph') {
      if (b.token.type === 'heading') flush();
      continue;
    }
    let s = b.start;
    while (s < b.end) {
      const nl = text.indexOf('\n', s);
      const e = nl < 0 || nl > b.end ? b.end : nl;
      const m = PARA_NUMBER.exec(text.slice(s, e));
      const n = m === null ? null : numberOf(m);
      if (n !== null) {
        const prev = run[run.length - 1];
        if (prev !== undefined && n !== prev.rank + 1) flush();
        if (run.length > 0 || n === 1) {
          if (prev !== undefined && run.length > 0) prev.scope.end = s; // previous entry runs until this one
          run.push({ rank: n, lead: leadOf(text, s, e), scope: { start: s, end: b.end }, kind: 'paragraph', source: false, parent: null });
        }
      }
      s = e + 1;
    }
  }
  flush();
  for (const e of paraEntries) scopes.push({ lead: e.lead, scope: e.scope });
  entries.push(...paraEntries);
  const parents = [...entries, ...titles].sort((a, b) => a.scope.start - b.scope.start);

  // Pass 2: lists and tables.
  blocks.forEach((b, bi) => {
    if (b.token.type === 'table') {
      tableEntries(text, b, entries, scopes);
      return;
    }
    if (b.token.type !== 'list') return;
    const list = b.token as Tokens.List;
    const items = locate(text, list.items, b.start);
    const urlItems = items.filter((it) => text.slice(it.start, it.end).includes('://')).length;
    const source = SOURCE_INTRO.test(lastLine(text, blocks[bi - 1])) || urlItems * 2 > items.length;
    const parent = parents.filter((e) => e.scope.start <= b.start && b.start < e.scope.end).pop() ?? null;
    // Under an entry or title, a list whose items are mostly "label: …" (优点：/缺点：/Pros:/价格：)
    // describes that entry; it is not a ranking even when the entry names no tracked brand.
    const labelled = items.filter((it) => ITEM_LABEL.test(text.slice(it.start, it.end))).length;
    const detail = parent !== null && labelled * 2 >= items.length;
    const first = typeof list.start === 'number' && list.start > 0 ? list.start : 1;
    items.forEach((it, i) => {
      const lead = itemLead(text, it.start, it.end);
      const scope = { start: it.start, end: it.end };
      scopes.push({ lead, scope });
      entries.push({ rank: list.ordered ? first + i : i + 1, lead, scope, kind: 'list', source: source || detail, parent });
    });
  });
  entries.sort((a, b) => a.lead.start - b.lead.start);
  return { entries, scopes };
}
