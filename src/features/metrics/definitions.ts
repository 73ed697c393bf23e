/**
 * The one definition of every headline figure: its name and the help text the dashboard shows
 * behind each "?" (in English and Chinese), and the formula docs/metrics.md states. The dashboard
 * reads these from GET /api/metrics/definitions; a test checks docs/metrics.md quotes each formula.
 */
export interface MetricDefinition {
  id: string;
  name: { en: string; 'zh-CN': string };
  help: { en: string; 'zh-CN': string };
  /** The formula as docs/metrics.md writes it. */
  formula: string;
  /** What n counts. */
  sample: string;
  interval: string;
}

const CHANGE_EN = ' The change compares the same number of days before; it is marked only when the two 95 % intervals do not overlap.';
const CHANGE_ZH = ' 变化与之前相同天数相比；只有两个 95% 区间不重叠时才标为显著变化。';

export const METRIC_DEFINITIONS: readonly MetricDefinition[] = [
  {
    id: 'visibility',
    name: { en: 'Visibility (unbranded prompts)', 'zh-CN': '可见度（非品牌问题）' },
    help: {
      en: 'Share of answers that name the brand, counted only on questions that name neither the brand nor a tracked competitor — a mention there is earned.' + CHANGE_EN,
      'zh-CN': '回答中提到品牌的比例，只统计既不含品牌名也不含已跟踪竞品名的问题——这样的提及才是“赢来的”。' + CHANGE_ZH,
    },
    formula: 'answers mentioning the brand / answers, unbranded prompts only',
    sample: 'answers to unbranded prompts',
    interval: '95 % Wilson score interval',
  },
  {
    id: 'brandedVisibility',
    name: { en: 'Visibility (branded prompts)', 'zh-CN': '可见度（品牌问题）' },
    help: {
      en: 'The same rate on questions that name the brand or a competitor. Shown apart: a question that names the brand is answered with the brand almost by construction.',
      'zh-CN': '在包含品牌名或竞品名的问题上的同一比例。单独显示：问题里已有品牌名，回答几乎必然提到它。',
    },
    formula: 'answers mentioning the brand / answers, branded prompts only',
    sample: 'answers to branded prompts',
    interval: '95 % Wilson score interval',
  },
  {
    id: 'shareOfVoice',
    name: { en: 'Share of voice', 'zh-CN': '声量份额' },
    help: {
      en: "The brand's mentions among all mentions of the brand and its configured competitors, on unbranded prompts; none without competitors." + CHANGE_EN,
      'zh-CN': '在非品牌问题上，品牌被提及次数占品牌与已配置竞品被提及总次数的比例；未配置竞品时不计算。' + CHANGE_ZH,
    },
    formula: 'brand mentions / (brand mentions + configured competitors’ mentions), unbranded prompts only',
    sample: 'mentions of the brand and its competitors',
    interval: '95 % Wilson score interval',
  },
  {
    id: 'averagePosition',
    name: { en: 'Average position', 'zh-CN': '平均排名' },
    help: {
      en: 'Where the brand stands when an answer is a ranked list (1 = first), averaged over unbranded answers that ranked it; lower is better. The bars show how the positions are spread.' + CHANGE_EN,
      'zh-CN': '回答为推荐列表时品牌的位置（1 = 第一），对非品牌问题中给出排名的回答取平均；越小越好。柱状图显示排名分布。' + CHANGE_ZH,
    },
    formula: 'Σ rank / ranked mentions, unbranded prompts only',
    sample: 'mentions that had a rank',
    interval: 'mean ± t·s/√n (s from Σ rank²)',
  },
  {
    id: 'netSentiment',
    name: { en: 'Net sentiment', 'zh-CN': '净情感' },
    help: {
      en: 'Positive minus negative mentions, as a share of mentions on unbranded prompts: +100 % all positive, −100 % all negative.' + CHANGE_EN,
      'zh-CN': '非品牌问题中，正面提及减负面提及占全部提及的比例：+100% 全部正面，−100% 全部负面。' + CHANGE_ZH,
    },
    formula: '(positive mentions − negative mentions) / mentions, unbranded prompts only',
    sample: 'mentions',
    interval: 'normal approximation, Var = (p₊ + p₋ − d²) / n',
  },
  {
    id: 'mentionRate',
    name: { en: 'Mention rate', 'zh-CN': '提及率' },
    help: {
      en: 'Share of the answers on a platform that name this brand or competitor (the same answers are read for all of them).',
      'zh-CN': '某平台的回答中提到该品牌或竞品的比例（同一批回答同时用于品牌和竞品）。',
    },
    formula: 'answers mentioning the name / answers on the platform',
    sample: 'answers on the platform',
    interval: '95 % Wilson score interval',
  },
];

export const definitionOf = (id: string): MetricDefinition | undefined => METRIC_DEFINITIONS.find((d) => d.id === id);
