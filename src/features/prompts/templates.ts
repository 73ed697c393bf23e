/**
 * Built-in question templates: for each locale, one per AIDA stage × intent (4 × 5 = 20). They are
 * the questions a buyer asks an assistant at each step, written the way people type them.
 * `{category}` is the brand's category; review and comparison templates of the later stages name
 * the brand (and a competitor) because that is when buyers ask about a brand by name.
 *
 * Awareness and interest prompts never name the brand: a mention there is earned visibility.
 * Desire/action prompts that name the brand measure sentiment and rank, not visibility, so the
 * free check (a visibility check) uses unbranded ones only.
 */
import type { AidaStage, PromptIntent, PromptLocale } from '../../db/schema/scanning.js';
import { categoryFor } from './category-names.js';

export interface PromptTemplate {
  locale: PromptLocale;
  stage: AidaStage;
  intent: PromptIntent;
  text: string;
}

type Table = Record<AidaStage, Record<PromptIntent, string>>;

const ZH: Table = {
  awareness: {
    recommendation: '有哪些值得推荐的{category}品牌？',
    comparison: '{category}主流品牌有哪些，各自有什么区别？',
    'how-to': '第一次买{category}，应该怎么挑选？',
    faq: '选购{category}时最常见的问题有哪些？',
    review: '{category}哪个牌子口碑最好？',
  },
  interest: {
    recommendation: '预算有限，性价比高的{category}推荐哪几款？',
    comparison: '国产和进口的{category}品牌对比，哪个更值得买？',
    'how-to': '怎么判断一个{category}品牌靠不靠谱？',
    faq: '{category}品牌之间的价格差距为什么这么大？',
    review: '最近用户评价最好的{category}品牌是哪些？',
  },
  desire: {
    recommendation: '如果只买一个{category}品牌，你会推荐哪个？为什么？',
    comparison: '{brand}和{competitor}哪个好？',
    'how-to': '怎么选到适合自己的{brand}{category}？',
    faq: '{brand}的{category}有哪些常见问题？',
    review: '{brand}的{category}怎么样？值得买吗？',
  },
  action: {
    recommendation: '现在买{category}，哪个品牌最值得下单？',
    comparison: '{brand}和{competitor}的售后服务哪个更好？',
    'how-to': '在哪里买{brand}的{category}最划算？',
    faq: '购买{brand}{category}之前需要注意什么？',
    review: '买了{brand}的{category}的用户真实评价如何？',
  },
};

const EN: Table = {
  awareness: {
    recommendation: 'What are the best {category} brands?',
    comparison: 'What are the main {category} brands and how do they differ?',
    'how-to': 'How do I choose a good {category}?',
    faq: 'What should I know before buying a {category}?',
    review: 'Which {category} brand has the best reputation?',
  },
  interest: {
    recommendation: 'Which {category} brands offer the best value for money?',
    comparison: 'How do premium and budget {category} brands compare?',
    'how-to': 'How can I tell whether a {category} brand is reliable?',
    faq: 'Why do {category} prices vary so much between brands?',
    review: 'Which {category} brands get the best customer reviews lately?',
  },
  desire: {
    recommendation: 'If you could recommend only one {category} brand, which would it be and why?',
    comparison: 'Which is better, {brand} or {competitor}?',
    'how-to': 'How do I pick the right {brand} {category} for me?',
    faq: 'What are common problems with {brand} {category} products?',
    review: 'Is {brand} a good {category} brand? Is it worth buying?',
  },
  action: {
    recommendation: 'Which {category} brand should I buy today?',
    comparison: 'Does {brand} or {competitor} have better customer support?',
    'how-to': 'Where is the best place to buy {brand} {category} products?',
    faq: 'What should I check before buying from {brand}?',
    review: 'What do customers who bought {brand} {category} products say about it?',
  },
};

const TABLES: Record<PromptLocale, Table> = { 'zh-CN': ZH, en: EN };

export function templates(locale: PromptLocale): PromptTemplate[] {
  const table = TABLES[locale];
  return (Object.keys(table) as AidaStage[]).flatMap((stage) =>
    (Object.keys(table[stage]) as PromptIntent[]).map((intent) => ({ locale, stage, intent, text: table[stage][intent] })),
  );
}

export interface TemplateInput {
  brand: string;
  category: string;
  competitors: string[];
  /** Other names of the brand: a Chinese question uses its Chinese name when it has one. */
  aliases?: readonly string[] | undefined;
  /** Other names of each competitor, in the order of `competitors`. */
  competitorAliases?: ReadonlyArray<readonly string[]> | undefined;
}

const CJK_NAME = /[\u3400-\u9fff]/;

/** The name a buyer asking in this locale would type: the first in the locale's script, else the main name. */
export function nameFor(locale: PromptLocale, name: string, aliases: readonly string[] = []): string {
  const all = [name, ...aliases];
  return all.find((n) => (locale === 'zh-CN' ? CJK_NAME.test(n) : !CJK_NAME.test(n))) ?? name;
}

/**
 * Fills a template. A comparison template that needs a competitor falls back to the brand's
 * category leader question when the brand lists none (the platform picks the rivals).
 */
export function instantiate(template: PromptTemplate, input: TemplateInput, competitorIndex = 0): string | null {
  let text = template.text;
  if (text.includes('{competitor}')) {
    const index = input.competitors.length > 0 ? competitorIndex % input.competitors.length : -1;
    const competitor = index >= 0 ? nameFor(template.locale, input.competitors[index]!, input.competitorAliases?.[index]) : undefined;
    if (competitor === undefined) {
      text =
        template.locale === 'zh-CN'
          ? text.replace('{brand}和{competitor}', '{brand}和同类品牌相比')
          : text.replace('{brand} or {competitor}', '{brand} or its main competitors');
    } else text = text.replaceAll('{competitor}', competitor);
  }
  const category = categoryFor(input.category, template.locale);
  const brand = nameFor(template.locale, input.brand, input.aliases);
  if (category === '' && text.includes('{category}')) {
    if (!text.includes('{brand}')) return null;
    text = text.replace(/的?\{category\}|\s?\{category\}/g, '');
  }
  // Two Latin words glued by a Chinese template ("Roborock" + "robot vacuum") need a space.
  const glue = /[A-Za-z0-9]$/.test(brand) && /^[A-Za-z0-9]/.test(category) ? ' ' : '';
  return text
    .replaceAll('{brand}{category}', `{brand}${glue}{category}`)
    .replaceAll('{category}', category)
    .replaceAll('{brand}', brand)
    .replace(/\s{2,}/g, ' ');
}

/**
 * The three questions of the free check, per locale: unbranded awareness and interest questions
 * (a mention is earned) — or, with no industry given, the brand-named ones (does the platform know
 * the brand at all, and what does it say).
 */
export const FREE_CHECK_SLOTS: ReadonlyArray<{ stage: AidaStage; intent: PromptIntent }> = [
  { stage: 'awareness', intent: 'recommendation' },
  { stage: 'awareness', intent: 'review' },
  { stage: 'interest', intent: 'recommendation' },
];
export const FREE_CHECK_SLOTS_WITHOUT_CATEGORY: ReadonlyArray<{ stage: AidaStage; intent: PromptIntent }> = [
  { stage: 'desire', intent: 'review' },
  { stage: 'desire', intent: 'comparison' },
  { stage: 'action', intent: 'review' },
];
