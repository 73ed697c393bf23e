/**
 * score_aviv: a 0–100 structure score of a rewrite, computed by the service (never by the model),
 * for how readily an answer engine can quote it (docs/metrics.md, "AEO rewrite"):
 *  headline 10 (≤ 80 chars, ≤ 40 for Chinese; 5 when longer) · brand named in the headline 10 ·
 *  direct answer 25 (10 present + 10 concise: ≤ 60 words / 120 Chinese chars + 5 names the brand) ·
 *  evidence 25 (15 for 3–6 points, 8 for 1–2 or more than 6, + 10 × share with a figure or source) ·
 *  context 10 (present) · FAQ 20 (15 for ≥ 3 pairs, 8 for 1–2, + 5 when every q is a question).
 */
import type { ModelRewrite } from './rewrite-schema.js';

const CJK = /[\u3400-\u9fff]/;
const FIGURE_OR_SOURCE = /\d|https?:\/\/|according to|source|根据|来源|研究|报告|调查/i;

const words = (s: string) => (CJK.test(s) ? s.replace(/\s+/g, '').length / 2 : s.split(/\s+/).filter(Boolean).length);
const mentions = (s: string, brand: string) => brand !== '' && s.toLowerCase().includes(brand.toLowerCase());

export function scoreAviv(r: ModelRewrite, brand: string): number {
  let score = 0;
  const h = r.headline.trim();
  if (h) score += h.length <= (CJK.test(h) ? 40 : 80) ? 10 : 5;
  if (mentions(h, brand)) score += 10;
  const a = r.section_1_answer.trim();
  if (a) {
    score += 10;
    if (words(a) <= 60) score += 10;
    if (mentions(a, brand)) score += 5;
  }
  const ev = r.section_2_evidence.filter((e) => e.trim());
  if (ev.length > 0) {
    score += ev.length >= 3 && ev.length <= 6 ? 15 : 8;
    score += (10 * ev.filter((e) => FIGURE_OR_SOURCE.test(e)).length) / ev.length;
  }
  if (r.section_3_context.trim()) score += 10;
  const faq = r.section_4_faq.filter((f) => f.q.trim() && f.a.trim());
  if (faq.length > 0) {
    score += faq.length >= 3 ? 15 : 8;
    if (faq.every((f) => /[?？]\s*$/.test(f.q))) score += 5;
  }
  return Math.round(Math.min(100, score));
}

/** The same score for the original text taken as it is: one block, no evidence list, no FAQ. */
export function scoreOriginal(text: string, brand: string): number {
  const first = text.trim().split(/(?<=[。！？!?.])\s*/)[0] ?? '';
  return scoreAviv({ headline: first, section_1_answer: text.trim(), section_2_evidence: [], section_3_context: '', section_4_faq: [] }, brand);
}
