/**
 * Reading content the way an answer engine weighs it (pure): sentences, fact claims (verifiable
 * when they carry a checkable figure, date, source or name) and E-E-A-T signals, for Chinese and
 * English text.
 */

export const CJK = /[\u3400-\u9fff]/;

export function isChinese(text: string): boolean {
  const cjk = (text.match(/[\u3400-\u9fff]/g) ?? []).length;
  const latin = (text.match(/[A-Za-z]+/g) ?? []).length;
  return cjk > latin;
}

/** Sentences: split after 。！？!? and after ". " (not inside numbers like 3.5), and at line breaks. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[。！？!?；;])|(?<=\.)\s+(?=[A-Z"“(\d\u3400-\u9fff])/))
    .map((s) => s.replace(/^\s*(?:[-*•]|\d+[.)、])\s+/, '').trim())
    .filter((s) => s.length > 0);
}

const FIGURE = /\d|[一二三四五六七八九十百千万亿]+\s*(?:%|％|倍|万|亿|人|家|年|个|项)/;
const DATE = /\b(?:19|20)\d{2}\b|\d{1,2}\s*(?:月|日)|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d|(?:19|20)\d{2}\s*年/;
const SOURCE = /https?:\/\/|www\.|according to|source:|reported by|study|survey|report|research|根据|据.{1,12}(?:报道|显示|统计)|来源|研究|调查|报告/i;
const NAME = /《[^》]+》|“[^”]{2,20}”|(?<![.!?]\s|^)\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+|[\u3400-\u9fff]{2,10}(?:公司|大学|研究院|协会|医院|集团|实验室|基金会)/;

export interface FactClaim {
  claim: string;
  verifiable: boolean;
}

/** Declarative sentences are claims (questions are not); at most 20, in order. */
export function factClaims(text: string): FactClaim[] {
  return sentencesOf(text)
    .filter((s) => !/[?？]$/.test(s) && (CJK.test(s) ? s.length >= 6 : s.split(/\s+/).length >= 4))
    .slice(0, 20)
    .map((claim) => ({ claim, verifiable: FIGURE.test(claim) || DATE.test(claim) || SOURCE.test(claim) || NAME.test(claim) }));
}

export const EEAT_SIGNALS = ['first_hand_experience', 'author_credentials', 'cited_sources', 'statistics', 'dates', 'contact_or_policy'] as const;
export type EeatSignal = (typeof EEAT_SIGNALS)[number];

const SIGNAL_PATTERNS: Record<EeatSignal, RegExp> = {
  first_hand_experience: /\b(?:we|I)\s+(?:tested|tried|used|measured|compared)\b|in (?:our|my) (?:experience|tests?)|hands-on|亲测|实测|我们(?:测试|试用|使用|对比)|使用(?:了|过)/i,
  author_credentials: /\b(?:written|reviewed) by\b|\bauthor\b|\bcertified\b|\bPh\.?D\b|\bengineer\b|\bdoctor\b|\bexpert\b|作者|专家|医生|工程师|认证|资质|从业\d+年/i,
  cited_sources: SOURCE,
  statistics: /\d+(?:\.\d+)?\s*(?:%|％|percent|倍|万|亿)|\b\d{2,}\b/,
  dates: DATE,
  contact_or_policy: /[\w.+-]+@[\w-]+\.[\w.]+|\bcontact\b|\bwarranty\b|\breturn policy\b|\brefund\b|联系|客服|保修|退换|售后|电话/i,
};

export function eeatSignalsOf(text: string): { found: EeatSignal[]; missing: EeatSignal[] } {
  const found = EEAT_SIGNALS.filter((s) => SIGNAL_PATTERNS[s].test(text));
  return { found, missing: EEAT_SIGNALS.filter((s) => !found.includes(s)) };
}
