/**
 * What the free check shows, so it cannot mislead: per platform the brand's rate with n and a 95 %
 * interval beside each competitor's, the questions asked with an excerpt of every answer, the
 * names looked for, and — when the brand was never found — why, including short forms of its name
 * that the answers do use.
 */
import { PLATFORMS } from '../../platforms/index.js';
import type { PlatformId } from '../../platforms/catalogue.js';
import type { BrandSnapshot } from '../../db/schema/scanning.js';
import { suggestAliases } from '../brands/aliases.js';
import { rate } from '../metrics/wilson.js';
import { namesText } from '../prompts/tagging.js';
import type { TaskRecord } from './task.js';

const EXCERPT_CHARS = 240;

function excerptOf(record: TaskRecord): string {
  const text = record.rawText ?? '';
  const snippet = record.analysis?.snippet;
  const source = snippet && snippet.trim() !== '' ? snippet : text;
  // Plain text for a reader: Markdown emphasis, headings and link syntax removed (the words stay).
  const plain = source
    .replace(/\[([^\]]*)\]\((?:[^)]*)\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s*/gm, '')
    .replace(/(\*\*|__|\*|`)/g, '');
  const flat = plain.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat;
}

const rateOf = (successes: number, n: number) => {
  const r = rate(successes, n);
  return { rate: r.rate, ciLow: r.ciLow, ciHigh: r.ciHigh, n };
};

export function freeCheckReport(brand: BrandSnapshot, platforms: readonly PlatformId[], records: readonly TaskRecord[]) {
  const lookedFor = [brand.name, ...brand.aliases];
  const answered = records.filter((r) => r.errorKind === null);
  const perPlatform = platforms.map((platform) => {
    const mine = answered.filter((r) => r.platform === platform);
    const mentions = mine.filter((r) => r.mentioned).length;
    return {
      platform,
      name: PLATFORMS[platform].name,
      zh: PLATFORMS[platform].zh,
      brand: { mentions, ...rateOf(mentions, mine.length) },
      competitors: brand.competitors.map((c) => {
        const hits = mine.filter((r) => r.competitors.some((m) => m.name === c.name)).length;
        return { name: c.name, mentions: hits, ...rateOf(hits, mine.length) };
      }),
      failed: records.filter((r) => r.platform === platform && r.errorKind !== null).length,
    };
  });
  const questions = [...new Map(records.map((r) => [r.promptHash, r])).values()].map((q) => ({
    prompt: q.promptText,
    stage: q.stage,
    locale: q.locale,
    answers: records
      .filter((r) => r.promptHash === q.promptHash)
      .map((r) => ({
        platform: r.platform,
        ok: r.errorKind === null,
        mentioned: r.mentioned === true,
        competitorsMentioned: r.competitors.map((c) => c.name),
        excerpt: r.errorKind === null ? excerptOf(r) : '',
        error: r.errorKind,
      })),
  }));
  const total = answered.length;
  const found = answered.filter((r) => r.mentioned).length;
  const suggestions = suggestAliases(brand.name, brand.aliases);
  // Short forms the answers do use: the most likely reason for a 0 %.
  const usedShortForms = suggestions.filter((s) => answered.some((r) => namesText(r.rawText ?? '', s)));
  return {
    lookedFor,
    aliasSuggestions: suggestions,
    overall: { mentions: found, ...rateOf(found, total) },
    perPlatform,
    questions,
    zeroExplanation:
      total > 0 && found === 0
        ? {
            lookedFor,
            answers: total,
            shortFormsInAnswers: usedShortForms,
            en: `Looked for ${lookedFor.map((n) => `"${n}"`).join(' and ')} in ${total} answers; none named it.${usedShortForms.length > 0 ? ` The answers do say ${usedShortForms.map((n) => `"${n}"`).join(', ')} — add it as an alias and check again.` : ' The answers below show which brands they name instead.'}`,
            'zh-CN': `在 ${total} 条回答中查找了${lookedFor.map((n) => `“${n}”`).join('和')}，都没有提到。${usedShortForms.length > 0 ? `回答里出现了${usedShortForms.map((n) => `“${n}”`).join('、')}——把它加为别名后再检查一次。` : '下方的回答显示了它们提到的其他品牌。'}`,
          }
        : null,
  };
}
