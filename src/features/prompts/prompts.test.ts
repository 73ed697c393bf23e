import { describe, expect, it } from 'vitest';
import { AIDA_STAGES, PROMPT_INTENTS } from '../../db/schema/scanning.js';
import { localeFor } from './locale.js';
import { normalisePrompt, promptHash } from './prompt-hash.js';
import { defaultPrompts, planPrompts, slotPrompts } from './prompts.service.js';
import { FREE_CHECK_SLOTS, FREE_CHECK_SLOTS_WITHOUT_CATEGORY, templates } from './templates.js';

const brand = { brand: '石头', category: '扫地机器人', competitors: ['科沃斯', '追觅'] };

describe('prompt hash', () => {
  it('is the same for full-width, case and spacing variants and differs for another question', () => {
    expect(normalisePrompt('  Best  ROBOT\tvacuum？ ')).toBe('best robot vacuum?');
    expect(promptHash('Best robot vacuum?')).toBe(promptHash('ＢＥＳＴ  robot   vacuum？'));
    expect(promptHash('Best robot vacuum?')).not.toBe(promptHash('Best robot mop?'));
    expect(promptHash('x')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('templates', () => {
  it('cover every locale × AIDA stage × intent exactly once', () => {
    for (const locale of ['zh-CN', 'en'] as const) {
      const all = templates(locale);
      expect(all).toHaveLength(AIDA_STAGES.length * PROMPT_INTENTS.length);
      const keys = new Set(all.map((t) => `${t.stage}/${t.intent}`));
      expect(keys.size).toBe(20);
    }
  });

  it('build a default pack naming the category, the brand and its competitors in turn', () => {
    const pack = defaultPrompts(brand);
    expect(pack).toHaveLength(40);
    expect(new Set(pack.map((p) => p.hash)).size).toBe(40);
    const zh = pack.filter((p) => p.locale === 'zh-CN');
    expect(zh.find((p) => p.stage === 'awareness' && p.intent === 'recommendation')!.text).toBe('有哪些值得推荐的扫地机器人品牌？');
    const comparisons = zh.filter((p) => p.intent === 'comparison' && p.text.includes('石头')).map((p) => p.text);
    expect(comparisons).toEqual(['石头和科沃斯哪个好？', '石头和追觅的售后服务哪个更好？']);
    expect(pack.every((p) => !p.text.includes('{'))).toBe(true);
    // Awareness and interest questions never name the brand: a mention there is earned.
    expect(pack.filter((p) => p.stage === 'awareness' || p.stage === 'interest').every((p) => !p.text.includes('石头'))).toBe(true);
  });

  it('ask a comparison without competitors against "its main competitors"', () => {
    const en = defaultPrompts({ brand: 'Roborock', category: 'robot vacuum', competitors: [] }, ['en']);
    expect(en.find((p) => p.stage === 'desire' && p.intent === 'comparison')!.text).toBe('Which is better, Roborock or its main competitors?');
  });

  it('fall back to brand-named questions when the free check has no industry', () => {
    const withCategory = slotPrompts(brand, 'zh-CN', FREE_CHECK_SLOTS);
    expect(withCategory.map((p) => p.text)).toEqual(['有哪些值得推荐的扫地机器人品牌？', '扫地机器人哪个牌子口碑最好？', '预算有限，性价比高的扫地机器人推荐哪几款？']);
    const without = slotPrompts({ ...brand, category: '' }, 'zh-CN', FREE_CHECK_SLOTS_WITHOUT_CATEGORY);
    expect(without).toHaveLength(3);
    expect(without.every((p) => p.text.includes('石头') && !p.text.includes('{'))).toBe(true);
    expect(without[0]!.text).toBe('石头怎么样？值得买吗？');
  });
});

describe('locale rule and planning', () => {
  it('asks Chinese platforms in Chinese and international ones in English unless the brand says otherwise', () => {
    expect(localeFor('kimi', null)).toBe('zh-CN');
    expect(localeFor('chatgpt', null)).toBe('en');
    expect(localeFor('kimi', 'en')).toBe('en');
    expect(localeFor('perplexity', 'zh-CN')).toBe('zh-CN');
  });

  it('plans each prompt on the platforms of its locale, and a one-language pack on every platform', () => {
    const plan = planPrompts(defaultPrompts(brand), ['deepseek', 'chatgpt', 'zhipu'], null);
    expect(plan).toHaveLength(40);
    for (const p of plan) expect(p.platforms).toEqual(p.locale === 'zh-CN' ? ['deepseek', 'zhipu'] : ['chatgpt']);
    const onlyChinese = planPrompts(defaultPrompts(brand, ['zh-CN']), ['deepseek', 'chatgpt'], null);
    expect(onlyChinese.every((p) => p.platforms.join() === 'deepseek,chatgpt')).toBe(true);
    const forcedEnglish = planPrompts(defaultPrompts(brand), ['deepseek', 'chatgpt'], 'en');
    expect(forcedEnglish).toHaveLength(20);
    expect(forcedEnglish.every((p) => p.locale === 'en')).toBe(true);
  });
});
