/**
 * The suggested rewrite (pure, deterministic): what answer engines quote most readily — a direct
 * answer that names the brand first, the checkable facts as a list, then an intent-specific block
 * (comparison points, numbered steps, Q&A, or a verdict). Nothing is invented: every line comes
 * from the customer's own sentences.
 */
import { factClaims, isChinese, sentencesOf } from './signals.js';

export const SUGGEST_INTENTS = ['comparison', 'how-to', 'faq', 'review'] as const;
export type SuggestIntent = (typeof SUGGEST_INTENTS)[number];

const COMPARE = /\bvs\.?\b|versus|compared|than|better|cheaper|faster|unlike|对比|相比|比.{0,6}(?:更|高|低|快|便宜)|优于|不如/i;

export function rewriteFor(content: string, brand: string, intent: SuggestIntent | undefined): string {
  const zh = isChinese(content);
  const sentences = sentencesOf(content);
  const claims = factClaims(content);
  const lead0 = sentences.find((s) => s.includes(brand)) ?? sentences[0] ?? '';
  const lead = lead0.includes(brand) ? lead0 : zh ? `${brand}：${lead0}` : `${brand}: ${lead0}`;
  const facts = claims.filter((c) => c.verifiable && c.claim !== lead0).slice(0, 5).map((c) => c.claim);
  const rest = sentences.filter((s) => s !== lead0 && !facts.includes(s));
  const out: string[] = [lead, ''];
  if (facts.length > 0) out.push(zh ? '## 关键事实' : '## Key facts', ...facts.map((f) => `- ${f}`), '');
  switch (intent) {
    case 'comparison': {
      const points = sentences.filter((s) => COMPARE.test(s));
      if (points.length > 0) out.push(zh ? `## ${brand}与其他选择的对比` : `## How ${brand} compares`, ...points.map((p) => `- ${p}`), '');
      break;
    }
    case 'how-to':
      if (rest.length > 0) out.push(zh ? '## 步骤' : '## Steps', ...rest.map((s, i) => `${i + 1}. ${s}`), '');
      break;
    case 'faq':
      out.push(zh ? '## 常见问题' : '## FAQ', zh ? `**${brand}是什么？**` : `**What is ${brand}?**`, lead, '');
      if (facts[0]) out.push(zh ? `**为什么选择${brand}？**` : `**Why choose ${brand}?**`, facts[0], '');
      break;
    case 'review':
      out.push(zh ? '## 结论' : '## Verdict', lead, '');
      break;
    default:
      break;
  }
  if (intent !== 'how-to' && rest.length > 0) out.push(zh ? '## 背景' : '## Context', rest.join(zh ? '' : ' '), '');
  return out.join('\n').trim();
}
