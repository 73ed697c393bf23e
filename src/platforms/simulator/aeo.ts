/**
 * The simulator's answer to Sightline's own AEO rewrite task (system prompt carries
 * AEO_REWRITE_MARKER): a JSON object built from the customer's text, so the rewrite feature has a
 * deterministic, structurally valid counterpart without any model. A fault option returns the
 * kind of almost-JSON real models produce, for the feature's repair path.
 */
import type { ChatMessage } from '../types.js';
import { detectLanguage, type Language } from './prompt.js';

export const AEO_REWRITE_MARKER = '[sightline:aeo-rewrite]';

export interface AeoRewrite {
  headline: string;
  section_1_answer: string;
  section_2_evidence: string[];
  section_3_context: string;
  section_4_faq: { q: string; a: string }[];
}

export function isAeoRewriteTask(messages: readonly ChatMessage[]): boolean {
  return messages.some((m) => m.role === 'system' && m.content.includes(AEO_REWRITE_MARKER));
}

interface AeoInput {
  text: string;
  brand: string | undefined;
  audience: string | undefined;
}

/** The user message is either the request as JSON or labelled lines ("brand: …", "品牌：…"). */
function parseInput(content: string): AeoInput {
  try {
    const parsed = JSON.parse(content) as Record<string, unknown>;
    if (parsed && typeof parsed === 'object' && typeof parsed['text'] === 'string') {
      const str = (key: string): string | undefined => (typeof parsed[key] === 'string' ? (parsed[key] as string).trim() || undefined : undefined);
      return { text: parsed['text'] as string, brand: str('brand'), audience: str('audience') };
    }
  } catch {
    // Not JSON: fall through to labelled lines.
  }
  const field = (pattern: RegExp): string | undefined => pattern.exec(content)?.[1]?.trim() || undefined;
  const text = content
    .split('\n')
    .filter((line) => !/^\s*(?:brand|audience|品牌|受众|目标用户)\s*[:：]/i.test(line))
    .join('\n')
    .replace(/^\s*(?:text|原文|内容)\s*[:：]\s*/im, '');
  return {
    text,
    brand: field(/^\s*(?:brand|品牌)\s*[:：]\s*(.+)$/im),
    audience: field(/^\s*(?:audience|受众|目标用户)\s*[:：]\s*(.+)$/im),
  };
}

function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[。！？!?]|\.(?=\s|$))\s*/)
    .map((s) => s.trim())
    .filter((s) => s.length > 1);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function faq(language: Language, brand: string, audience: string | undefined, answer: string, evidence: string[]): AeoRewrite['section_4_faq'] {
  if (language === 'zh') {
    return [
      { q: `${brand}是什么？`, a: answer },
      { q: `${brand}适合哪些人？`, a: audience ? `主要适合${audience}。` : '适合希望快速了解核心价值、重视可靠信息的用户。' },
      { q: `为什么选择${brand}？`, a: evidence[0] ?? answer },
    ];
  }
  return [
    { q: `What is ${brand}?`, a: answer },
    { q: `Who is ${brand} for?`, a: audience ? `It is aimed at ${audience}.` : 'People who want a clear, reliable answer quickly.' },
    { q: `Why choose ${brand}?`, a: evidence[0] ?? answer },
  ];
}

export function aeoRewrite(userContent: string): AeoRewrite {
  const input = parseInput(userContent);
  const language = detectLanguage(input.text);
  const all = sentences(input.text);
  const parts = all.length > 0 ? all : [input.text.trim() || (language === 'zh' ? '暂无原文。' : 'No text given.')];
  const brand = input.brand ?? (language === 'zh' ? '该品牌' : 'This brand');
  const answer = parts.slice(0, 2).join(language === 'zh' ? '' : ' ');
  const rest = parts.slice(2);
  // Sentences with figures make the best evidence; otherwise take what follows the answer.
  const withFigures = rest.filter((s) => /\d/.test(s));
  const evidence = (withFigures.length > 0 ? withFigures : rest).slice(0, 4);
  if (evidence.length === 0) evidence.push(parts[0] as string);
  const context = rest.filter((s) => !evidence.includes(s)).join(language === 'zh' ? '' : ' ');
  const headlineCore = clip((parts[0] as string).replace(/[。.!！?？]$/, ''), 60);
  return {
    headline: input.brand ? `${input.brand}${language === 'zh' ? '：' : ': '}${headlineCore}` : headlineCore,
    section_1_answer: answer,
    section_2_evidence: evidence,
    section_3_context:
      context ||
      (language === 'zh'
        ? `${brand}${input.audience ? `面向${input.audience}，` : ''}以上内容整理自原文，便于 AI 搜索引擎直接引用。`
        : `${brand}${input.audience ? ` serves ${input.audience};` : ''} this summary restructures the original text so answer engines can quote it directly.`),
    section_4_faq: faq(language, brand, input.audience, answer, evidence),
  };
}

/** Almost-JSON as models often send it: a chatty preface, a code fence and a trailing comma. */
export function brokenAeoJson(rewrite: AeoRewrite): string {
  const json = JSON.stringify(rewrite, null, 2).replace(/\n}$/, ',\n}');
  return `Here is the rewritten content:\n\`\`\`json\n${json}\n\`\`\``;
}
