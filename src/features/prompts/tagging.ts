/**
 * Automatic prompt tags (docs/metrics.md, "Branded and unbranded prompts"):
 * - **branded**: the question names a tracked name — the brand or a configured competitor, by its
 *   name or an alias. An answer to "Is Luckin any good?" names Luckin by construction, so such
 *   questions are reported apart and never count in headline figures.
 * - **stage** and **intent**: a best guess from the wording, used when an imported or added prompt
 *   does not say; the user can always correct it.
 * Pure functions: no I/O, the same text always gets the same tags.
 */
import type { AidaStage, PromptIntent } from '../../db/schema/scanning.js';

export interface TrackedNames {
  name: string;
  aliases?: readonly string[] | undefined;
  competitors?: ReadonlyArray<{ name: string; aliases?: readonly string[] | undefined }> | undefined;
}

const fold = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
const LATIN_EDGE = /[a-z0-9]/;

/** Every tracked name (brand first), without blanks or repeats. */
export function trackedNames(brand: TrackedNames): string[] {
  const all = [brand.name, ...(brand.aliases ?? []), ...(brand.competitors ?? []).flatMap((c) => [c.name, ...(c.aliases ?? [])])];
  return [...new Set(all.map((n) => n.trim()).filter((n) => n !== ''))];
}

/**
 * True when `name` occurs in `text`: case- and width-insensitive; a name that starts or ends with
 * a Latin letter or digit must not continue a Latin word there ("Dove" is not in "Dovetail").
 */
export function namesText(text: string, name: string): boolean {
  const hay = fold(text);
  const needle = fold(name);
  if (needle === '') return false;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const before = hay[at - 1] ?? '';
    const after = hay[at + needle.length] ?? '';
    const startOk = !LATIN_EDGE.test(needle[0]!) || !LATIN_EDGE.test(before);
    const endOk = !LATIN_EDGE.test(needle[needle.length - 1]!) || !LATIN_EDGE.test(after);
    if (startOk && endOk) return true;
  }
  return false;
}

/** The tracked names the prompt text contains, in tracking order. */
export function namesInPrompt(text: string, brand: TrackedNames): string[] {
  return trackedNames(brand).filter((n) => namesText(text, n));
}

export const isBranded = (text: string, brand: TrackedNames): boolean => namesInPrompt(text, brand).length > 0;

const INTENT_RULES: ReadonlyArray<[PromptIntent, RegExp]> = [
  ['comparison', /\bvs\.?\b|versus|compare|comparison|\bor\b.*\?|better|difference|对比|相比|比较|区别|哪个好|哪个更|还是|和.+哪/i],
  ['how-to', /^how\b|\bhow (?:do|can|to|should)\b|怎么|如何|怎样|步骤|教程|在哪里|where (?:can|is|to)/i],
  ['review', /review|reputation|worth|reliable|good brand|口碑|评价|值得|靠谱|怎么样|好不好/i],
  ['faq', /\bwhy\b|what should i (?:know|check)|problem|issue|question|为什么|问题|注意|需要知道/i],
  ['recommendation', /best|recommend|top|which .*(?:buy|choose)|推荐|最好|排行|值得买|哪些|哪个牌子/i],
];

const STAGE_RULES: ReadonlyArray<[AidaStage, RegExp]> = [
  ['action', /\bbuy\b|purchase|order|discount|coupon|deal|where .*(?:buy|get)|today|下单|购买|哪里买|优惠|折扣|现在买|入手|售后/i],
  ['desire', /worth|only one|should i (?:get|choose)|right .* for me|值得买|只买一个|适合自己|值不值/i],
  ['interest', /value|compare|review|reliable|premium|budget|price|性价比|对比|评价|靠谱|价格|预算/i],
];

/** Stage and intent read from the wording; a question naming a tracked name is at least "desire". */
export function classifyPrompt(text: string, brand?: TrackedNames): { stage: AidaStage; intent: PromptIntent } {
  const intent = INTENT_RULES.find(([, re]) => re.test(text))?.[0] ?? 'recommendation';
  let stage: AidaStage = STAGE_RULES.find(([, re]) => re.test(text))?.[0] ?? 'awareness';
  if (brand && isBranded(text, brand) && (stage === 'awareness' || stage === 'interest')) stage = 'desire';
  return { stage, intent };
}
