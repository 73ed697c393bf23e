/**
 * The content check (pure): readability and structure rules for Chinese and English Markdown,
 * the problems that make a page hard for an answer engine to quote (docs/metrics.md, "Content
 * check"). Each finding has a fingerprint (rule + the text it is about) so an edit elsewhere in
 * the page does not re-raise it.
 */
import { createHash } from 'node:crypto';

export type LintSeverity = 'error' | 'warning' | 'info';

export interface LintFinding {
  rule: string;
  severity: LintSeverity;
  message: string;
  fingerprint: string;
}

export const LIMITS = {
  sentenceWordsEn: 30,
  sentenceCharsZh: 80,
  paragraphWordsEn: 150,
  paragraphCharsZh: 300,
  headinglessWordsEn: 300,
  headinglessCharsZh: 600,
  openingWordsEn: 60,
  openingCharsZh: 120,
  fleschMin: 30,
  fleschMinWords: 100,
};

const CJK = /[\u3400-\u9fff]/g;
const isZh = (s: string) => (s.match(CJK) ?? []).length > (s.match(/[A-Za-z]+/g) ?? []).length;
const zhChars = (s: string) => (s.match(CJK) ?? []).length;
const enWords = (s: string) => s.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
const fp = (rule: string, subject: string) => `${rule}:${createHash('sha1').update(subject).digest('hex').slice(0, 12)}`;
const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 39)}…` : s);

/** English syllables by vowel groups (the usual Flesch approximation). */
function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length <= 3) return w.length > 0 ? 1 : 0;
  const groups = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '').match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups?.length ?? 1);
}

/** Flesch reading ease of English text (higher is easier; below 30 is "very difficult"). */
export function fleschReadingEase(text: string): number {
  const sentences = text.split(/[.!?]+(?:\s|$)/).filter((s) => enWords(s) > 0).length || 1;
  const words = text.split(/\s+/).filter((w) => /[A-Za-z]/.test(w));
  if (words.length === 0) return 100;
  const syl = words.reduce((s, w) => s + syllables(w), 0);
  return 206.835 - 1.015 * (words.length / sentences) - 84.6 * (syl / words.length);
}

export function lintContent(markdown: string): LintFinding[] {
  const out: LintFinding[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const headings = lines.map((l) => /^(#{1,6})\s+(.+)$/.exec(l.trim())).filter((m): m is RegExpExecArray => m !== null);
  const prose = lines.filter((l) => !/^\s*#{1,6}\s/.test(l)).join('\n');
  const paragraphs = prose.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const zh = isZh(markdown);

  if (headings.filter((h) => h[1]!.length === 1).length > 1) out.push({ rule: 'multiple-h1', severity: 'warning', message: 'More than one top-level heading (#): keep one title per page.', fingerprint: 'multiple-h1' });
  for (let i = 1; i < headings.length; i++) {
    const prev = headings[i - 1]![1]!.length;
    const cur = headings[i]![1]!.length;
    if (cur > prev + 1) out.push({ rule: 'heading-skip', severity: 'error', message: `Heading "${clip(headings[i]![2]!)}" skips from level ${prev} to ${cur}.`, fingerprint: fp('heading-skip', headings[i]![2]!) });
  }
  const size = zh ? zhChars(prose) : enWords(prose);
  if (headings.length === 0 && size > (zh ? LIMITS.headinglessCharsZh : LIMITS.headinglessWordsEn)) {
    out.push({ rule: 'missing-headings', severity: 'warning', message: zh ? `全文 ${size} 字却没有小标题：请用小标题分段。` : `${size} words without a heading: split the page into sections.`, fingerprint: 'missing-headings' });
  }
  const opening = paragraphs[0];
  if (opening && (isZh(opening) ? zhChars(opening) > LIMITS.openingCharsZh : enWords(opening) > LIMITS.openingWordsEn)) {
    out.push({ rule: 'no-direct-answer', severity: 'info', message: isZh(opening) ? '首段过长：先用一两句话直接回答问题。' : 'The opening paragraph is long: answer the question directly in one or two sentences first.', fingerprint: fp('no-direct-answer', opening) });
  }
  for (const p of paragraphs) {
    const pzh = isZh(p);
    if (pzh ? zhChars(p) > LIMITS.paragraphCharsZh : enWords(p) > LIMITS.paragraphWordsEn) {
      out.push({ rule: 'long-paragraph', severity: 'warning', message: pzh ? `段落过长（${zhChars(p)} 字）：「${clip(p)}」` : `Paragraph of ${enWords(p)} words: "${clip(p)}"`, fingerprint: fp('long-paragraph', p) });
    }
    const sentences = pzh ? p.split(/(?<=[。！？!?])/) : p.split(/(?<=[.!?])\s+/);
    for (const s of sentences.map((x) => x.trim()).filter(Boolean)) {
      if (pzh ? zhChars(s) > LIMITS.sentenceCharsZh : enWords(s) > LIMITS.sentenceWordsEn) {
        out.push({ rule: 'long-sentence', severity: 'warning', message: pzh ? `句子过长（${zhChars(s)} 字）：「${clip(s)}」` : `Sentence of ${enWords(s)} words: "${clip(s)}"`, fingerprint: fp('long-sentence', s) });
      }
    }
    if (pzh) {
      const m = /[\u3400-\u9fff][,;:!?][\u3400-\u9fff]/.exec(p);
      if (m) out.push({ rule: 'halfwidth-punctuation', severity: 'info', message: `中文之间使用了半角标点「${m[0]}」：请改用全角标点。`, fingerprint: fp('halfwidth-punctuation', p) });
    }
  }
  if (!zh && enWords(prose) >= LIMITS.fleschMinWords) {
    const ease = fleschReadingEase(prose);
    if (ease < LIMITS.fleschMin) out.push({ rule: 'hard-to-read', severity: 'warning', message: `Flesch reading ease ${ease.toFixed(0)} (below ${LIMITS.fleschMin}): use shorter words and sentences.`, fingerprint: 'hard-to-read' });
  }
  // One finding per fingerprint (the same sentence twice is one problem).
  return [...new Map(out.map((f) => [f.fingerprint, f])).values()];
}
