import { describe, expect, it } from 'vitest';
import { defaultPrompts } from './prompts.service.js';
import { classifyPrompt, isBranded, namesInPrompt } from './tagging.js';

const brand = { name: 'Roborock', aliases: ['石头'], competitors: [{ name: 'Ecovacs', aliases: ['科沃斯'] }, { name: 'Dove', aliases: [] }] };

describe('branded prompts', () => {
  it('are those naming the brand or a competitor by any tracked name, whole Latin words only', () => {
    expect(namesInPrompt('石头和科沃斯哪个好？', brand)).toEqual(['石头', '科沃斯']);
    expect(isBranded('Is ROBOROCK worth it?', brand)).toBe(true);
    expect(isBranded('Ｒｏｂｏｒｏｃｋ reviews', brand)).toBe(true);
    expect(isBranded('Best dovetail joints?', brand)).toBe(false);
    expect(isBranded('What are the best robot vacuum brands?', brand)).toBe(false);
  });

  it('tag 16 of a 40-prompt default pack, and Chinese questions use the Chinese names and category', () => {
    const pack = defaultPrompts({ brand: 'Roborock', aliases: ['石头'], category: 'robot vacuum', competitors: ['Ecovacs'], competitorAliases: [['科沃斯']] });
    expect(pack.filter((p) => isBranded(p.text, brand))).toHaveLength(16);
    const zh = pack.filter((p) => p.locale === 'zh-CN').map((p) => p.text);
    expect(zh).toContain('有哪些值得推荐的扫地机器人品牌？');
    expect(zh).toContain('石头和科沃斯哪个好？');
    expect(zh.every((t) => !/[A-Za-z]/.test(t))).toBe(true);
    const en = pack.filter((p) => p.locale === 'en').map((p) => p.text);
    expect(en).toContain('Which is better, Roborock or Ecovacs?');
  });

  it('guess stage and intent from the wording', () => {
    expect(classifyPrompt('Where can I buy a Roborock at a discount?', brand)).toEqual({ stage: 'action', intent: 'how-to' });
    expect(classifyPrompt('What are the best robot vacuum brands?')).toEqual({ stage: 'awareness', intent: 'recommendation' });
    expect(classifyPrompt('石头和科沃斯哪个好？', brand)).toEqual({ stage: 'desire', intent: 'comparison' });
  });
});
