import { describe, expect, it } from 'vitest';
import { aeoRewrite } from './aeo.js';
import { detectLanguage, readPrompt } from './prompt.js';

function named(prompt: string): string[] {
  return readPrompt(prompt).named.map((n) => n.name);
}

describe('reading a prompt', () => {
  it('tells Chinese from English by the share of CJK characters', () => {
    expect(detectLanguage('华为和小米哪个好')).toBe('zh');
    expect(detectLanguage('Is the 华为 Mate good value compared with other phones?')).toBe('en');
    expect(detectLanguage('')).toBe('en');
  });

  it('finds the category from its keywords in either language, or from a named brand', () => {
    expect(readPrompt('推荐几款好用的扫地机器人').category?.id).toBe('robot-vacuums');
    expect(readPrompt('Which CRM should a 10-person startup use?').category?.id).toBe('crm');
    expect(readPrompt('喜茶怎么样').category?.id).toBe('milk-tea');
    expect(readPrompt('Tell me a joke').category).toBeUndefined();
  });

  it('names known and unknown brands as the user wrote them', () => {
    expect(named('华为和小米哪个好')).toEqual(['华为', '小米']);
    expect(named('Is Acme good?')).toEqual(['Acme']);
    expect(named('What do people say about Acme Robotics?')).toEqual(['Acme Robotics']);
    expect(named('石头科技扫地机器人怎么样？')).toEqual(['石头科技']);
    expect(named('小米汽车值得买吗')).toEqual(['小米汽车']);
    expect(named('“青禾”这个牌子的护肤品靠谱吗')).toEqual(['青禾']);
  });

  it('does not mistake ordinary words for brands', () => {
    expect(named('推荐几款好用的扫地机器人')).toEqual([]);
    expect(named('Looking for a good laptop under $1000')).toEqual([]);
    expect(named('今天天气怎么样')).toEqual([]);
    expect(named('预算3000的手机怎么样')).toEqual([]);
    expect(named('What are the best robot vacuums in 2025?')).toEqual([]);
  });
});

describe('AEO rewrite', () => {
  it('builds every section from Chinese labelled text', () => {
    const rewrite = aeoRewrite('品牌：青禾\n受众：敏感肌人群\n青禾是一家专注修护的护肤品牌。产品不含香精。90%的用户表示两周内泛红减轻。');
    expect(rewrite.headline).toMatch(/^青禾：/);
    expect(rewrite.section_1_answer).toContain('专注修护');
    expect(rewrite.section_2_evidence).toEqual(['90%的用户表示两周内泛红减轻。']);
    expect(rewrite.section_4_faq[1]).toEqual({ q: '青禾适合哪些人？', a: '主要适合敏感肌人群。' });
  });
});
