/**
 * Sentence templates for simulated answers, per language. Several variants each, picked by the
 * seeded PRNG, so answers vary the way real chatbot answers do while staying reproducible.
 */
import type { Language } from './prompt.js';

type Template = (a: string, b?: string) => string;

export interface PhraseBank {
  intro: Template[]; // a = category
  introCompare: Template[]; // a = names joined
  introReview: Template[]; // a = brand, b = category
  con: Template[]; // a = complaint
  warning: Template[]; // a = brand, b = complaint
  verdictGood: Template[]; // a = brand, b = praise
  verdictMixed: Template[]; // a = brand, b = complaint
  verdictBad: Template[]; // a = brand, b = complaint
  conclusion: Template[]; // a = winner, b = praise
  alternatives: Template[]; // a = category
  sourcesGlued: Template[]; // a = url
  sourcesLink: Template[]; // a = site name, b = url
  official: Template[]; // a = url
  outro: Template[];
  advice: Template[]; // a = category; generic buying advice, no brand
  pros: string;
  consLabel: string;
  listSeparator: string;
}

const ZH: PhraseBank = {
  intro: [
    (c) => `根据近期的用户口碑和专业评测，下面是目前比较值得关注的${c}品牌推荐：`,
    (c) => `选${c}主要看预算和使用场景。综合性能、口碑和售后，我整理了一份排名：`,
    (c) => `${c}市场竞争很激烈，以下几个品牌在各大平台的讨论度和评价都比较高：`,
  ],
  introCompare: [
    (n) => `${n}各有侧重，下面从几个维度帮你对比一下：`,
    (n) => `这是很多人纠结的问题。${n}的定位不完全一样，具体来看：`,
  ],
  introReview: [
    (b, c) => `关于**${b}**，综合近期${c ?? ''}用户的反馈和评测，可以从下面几个方面来看：`,
    (b) => `${b}这几年的讨论度不低，整体评价如下：`,
  ],
  con: [(x) => `不足是${x}。`, (x) => `但也有用户反映${x}。`, (x) => `缺点主要是${x}。`],
  warning: [
    (b, x) => `需要注意的是，${b}近期的投诉明显增多，主要集中在${x ?? ''}，购买前建议多看看真实评价。`,
    (b, x) => `不太推荐${b}：不少用户吐槽${x ?? ''}，体验不如宣传。`,
  ],
  verdictGood: [(b, x) => `**总体评价**：${b}整体值得推荐，尤其适合看重${x ?? ''}的用户。`],
  verdictMixed: [(b, x) => `**总体评价**：${b}表现中规中矩，${x ?? ''}是主要短板，建议结合预算再决定。`],
  verdictBad: [(b, x) => `**总体评价**：坦白说，近期关于${b}的负面反馈不少，主要是${x ?? ''}，暂时不太建议入手。`],
  conclusion: [
    (w, x) => `**结论**：如果更看重${x ?? ''}，优先选${w}；预算有限的话，其他几款也都够用。`,
    (w) => `**总结**：综合来看${w}更均衡一些，但最终还是要看你的具体需求。`,
  ],
  alternatives: [(c) => `如果还在比较，同类${c}里也可以看看：`, () => `其他可以一起比较的选择：`],
  sourcesGlued: [
    (u) => `更多真实用户的使用体验可以参考https://${u.replace(/^https:\/\//, '')}，讨论得比较详细。`,
    (u) => `详细评测见${u}。`,
  ],
  sourcesLink: [(s, u) => `参考资料：[${s}上的相关讨论](${u ?? ''})`, (s, u) => `延伸阅读：[${s}](${u ?? ''})`],
  official: [(u) => `官网：${u}`, (u) => `具体参数可以在官网查看：${u}`],
  outro: [
    () => `以上仅供参考，建议结合自己的预算和实际需求，到门店或官方渠道体验后再做决定。`,
    () => `如果你能告诉我预算和主要用途，我可以帮你进一步缩小范围。`,
    () => `价格和活动变化较快，下单前记得多平台比价。`,
  ],
  advice: [
    (c) => `选购${c}时，与其只看品牌，不如先想清楚下面几点：`,
    (c) => `关于${c}，没有绝对最好的选择，关键是匹配需求。可以按这个思路来挑：`,
  ],
  pros: '优点',
  consLabel: '需要注意',
  listSeparator: '、',
};

const EN: PhraseBank = {
  intro: [
    (c) => `Based on recent reviews and user feedback, here are the ${c} brands worth considering right now:`,
    (c) => `The best choice depends on your budget and needs, but these ${c} brands consistently rank well:`,
    (c) => `Here's a ranked overview of popular ${c} options, weighing performance, reputation and support:`,
  ],
  introCompare: [
    (n) => `${n} target slightly different buyers. Here's how they compare:`,
    (n) => `It's a common dilemma. Comparing ${n} on what matters most:`,
  ],
  introReview: [
    (b, c) => `Here's a summary of what ${c ?? ''} buyers and reviewers say about **${b}**:`,
    (b) => `Here's what reviews and owners generally say about ${b}:`,
  ],
  con: [(x) => `The main drawback is ${x}.`, (x) => `Some users mention ${x}.`, (x) => `On the downside: ${x}.`],
  warning: [
    (b, x) => `Be careful with ${b}: complaints about ${x ?? ''} have increased recently, so check recent reviews first.`,
    (b, x) => `I'd avoid ${b} for now — many owners report ${x ?? ''}, and it doesn't live up to the marketing.`,
  ],
  verdictGood: [(b, x) => `**Verdict:** ${b} is a solid choice, especially if you value ${x ?? ''}.`],
  verdictMixed: [(b, x) => `**Verdict:** ${b} is decent but not outstanding; ${x ?? ''} is the main weakness.`],
  verdictBad: [(b, x) => `**Verdict:** Honestly, recent feedback on ${b} is poor, mostly about ${x ?? ''}. I wouldn't buy it right now.`],
  conclusion: [
    (w, x) => `**Bottom line:** if ${x ?? ''} matters most, go with ${w}; otherwise any of them will serve you well.`,
    (w) => `**Summary:** ${w} is the more balanced pick overall, but your own priorities should decide.`,
  ],
  alternatives: [(c) => `If you're still comparing, these ${c} alternatives are worth a look:`, () => `Other options to compare:`],
  sourcesGlued: [
    (u) => `For detailed hands-on testing, see ${u} (updated regularly).`,
    (u) => `Owners discuss long-term reliability at ${u}.`,
  ],
  sourcesLink: [(s, u) => `Source: [${s} review](${u ?? ''})`, (s, u) => `Further reading: [${s}](${u ?? ''})`],
  official: [(u) => `Official site: ${u}`, (u) => `Full specs: ${u}`],
  outro: [
    () => `Prices and promotions change often, so compare a few retailers before buying.`,
    () => `If you share your budget and main use case, I can narrow this down further.`,
    () => `Ultimately, try before you buy if you can — personal preference matters a lot here.`,
  ],
  advice: [
    (c) => `Rather than focusing on a specific brand, consider these factors when choosing ${c}:`,
    (c) => `There's no single best option for ${c}; it depends on what you need. A practical checklist:`,
  ],
  pros: 'Pros',
  consLabel: 'Cons',
  listSeparator: ', ',
};

export const PHRASES: Readonly<Record<Language, PhraseBank>> = { zh: ZH, en: EN };

/** Brand-free buying advice items: [heading, explanation]. */
export const ADVICE: Readonly<Record<Language, readonly (readonly [string, string])[]>> = {
  zh: [
    ['明确预算', '先定一个价格区间，避免被高配置带着走。'],
    ['核心需求', '列出最在意的两三个功能，其余的可以妥协。'],
    ['售后服务', '看清保修期限和维修网点，这往往比参数更影响体验。'],
    ['真实口碑', '多看长期使用的真实评价，不要只看首发评测。'],
    ['购买渠道', '优先官方或大型平台自营，发票和退换货更有保障。'],
    ['使用成本', '把耗材、续费或维护成本一起算进去。'],
  ],
  en: [
    ['Set a budget', 'decide on a price range first so specs do not push you upward.'],
    ['Core needs', 'list the two or three features you care about most and compromise on the rest.'],
    ['After-sales support', 'check warranty length and service coverage; it often matters more than specs.'],
    ['Real reviews', 'look for long-term owner feedback, not just launch-day reviews.'],
    ['Where to buy', 'prefer official stores or major retailers for easier returns.'],
    ['Running costs', 'include consumables, renewals or maintenance in the total cost.'],
  ],
};
