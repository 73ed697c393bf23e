import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORM_IDS } from '../catalogue.js';
import { generateAnswer } from './answer.js';
import { CATEGORIES } from './categories.js';
import { isEnglishStopword } from './prompt.js';

function answer(prompt: string, platform: (typeof PLATFORM_IDS)[number] = 'deepseek', day = '2025-06-01'): string {
  return generateAnswer({ platform, prompt, conversation: `user:${prompt}`, day }).content;
}

const CJK = /[\u4e00-\u9fff]/g;

describe('simulated answers', () => {
  it('are deterministic per platform, prompt and day, and change with any of them', () => {
    const prompt = '推荐几款好用的扫地机器人';
    expect(answer(prompt)).toBe(answer(prompt));
    expect(answer(prompt, 'deepseek', '2025-06-02')).not.toBe(answer(prompt));
    expect(answer(prompt, 'kimi')).not.toBe(answer(prompt));
    expect(answer('推荐几款好用的手机')).not.toBe(answer(prompt));
  });

  it('answer a Chinese prompt in Chinese and an English prompt in English', () => {
    const zh = answer('2025年哪些新能源汽车值得买？');
    expect((zh.match(CJK) ?? []).length).toBeGreaterThan(zh.length * 0.3);
    const en = answer('Which electric cars are worth buying this year?');
    expect(en.match(CJK)).toBeNull();
    expect(en).toMatch(/\b(the|and|with)\b/);
  });

  it('list real-looking brands of the asked category as Markdown', () => {
    const texts = ['2', '3', '4', '5', '6', '7'].map((d) => answer('推荐几款好用的扫地机器人', 'chatgpt', `2025-06-0${d}`));
    const vacuumBrands = CATEGORIES.find((c) => c.id === 'robot-vacuums')!.brands.map((b) => b.zh);
    const listed = texts.filter((t) => vacuumBrands.filter((name) => t.includes(name)).length >= 3);
    expect(listed.length).toBeGreaterThanOrEqual(4); // a few answers are brand-free advice, by design
    expect(texts.join('\n')).toMatch(/^(\d+\. \*\*|### \d+\. |- \*\*)/m);
  });

  it('include both praise and complaints, and URLs some of the time', () => {
    const all = Array.from({ length: 20 }, (_, i) => answer(`Best running shoes for a marathon? (${i})`, 'gemini')).join('\n');
    expect(all).toMatch(/drawback|downside|mention|avoid|careful/i);
    expect(all).toMatch(/https:\/\/\S+/);
    expect(all).toMatch(/\[[^\]]+\]\(https:\/\/[^)]+\)/); // Markdown links
  });

  it('glue URLs to Chinese text the way Chinese answers do', () => {
    const all = Array.from({ length: 30 }, (_, i) => answer(`奶茶品牌推荐${i}`, 'kimi')).join('\n');
    expect(all).toMatch(/[\u4e00-\u9fff]https:\/\/|https:\/\/\S+[\u3002\uff0c]/);
  });

  it('give Perplexity numbered markers plus citations and search results', () => {
    const result = generateAnswer({ platform: 'perplexity', prompt: 'best CRM for startups', conversation: 'x', day: '2025-06-01' });
    expect(result.citations.length).toBeGreaterThanOrEqual(2);
    expect(result.searchResults.map((r) => r.url)).toEqual(result.citations);
    const markers = [...result.content.matchAll(/\[(\d)\]/g)].map((m) => Number(m[1]));
    expect(markers.length).toBeGreaterThan(0);
    for (const n of markers) expect(n).toBeLessThanOrEqual(result.citations.length);
  });

  it('sometimes mention no brand at all', () => {
    const brands = CATEGORIES.find((c) => c.id === 'coffee')!.brands.flatMap((b) => [b.zh, b.en]);
    const texts = Array.from({ length: 60 }, (_, i) => answer(`咖啡推荐 ${i}`));
    expect(texts.some((t) => !brands.some((b) => t.includes(b)))).toBe(true);
    expect(answer('今天天气怎么样')).not.toMatch(/\*\*(华为|小米|瑞幸)\*\*/);
  });

  it('always mention brands named in the prompt, known or not', () => {
    expect(answer('华为和小米哪个好')).toMatch(/华为[\s\S]*小米|小米[\s\S]*华为/);
    expect(answer('Is Acme good?', 'chatgpt')).toContain('Acme');
    expect(answer('石头科技扫地机器人怎么样？')).toContain('石头科技');
    expect(answer('Which is better, Tesla or BYD?')).toMatch(/Tesla[\s\S]*BYD|BYD[\s\S]*Tesla/);
    expect(answer('推荐几款扫地机器人，觅途的怎么样？')).toContain('觅途');
  });

  it('keeps any capitalised brand from an English question', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z][a-z]{3,9}$/),
        fc.constantFrom(...PLATFORM_IDS),
        fc.constantFrom('Is {} any good?', 'What do people think of {} robot vacuums?', 'Compare {} with other laptops'),
        (name, platform, template) => {
          // Words the simulator never reads as a brand ("When", "Which", "March") are not brands here either.
          fc.pre(!isEnglishStopword(name));
          expect(answer(template.replace('{}', name), platform)).toContain(name);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.constantFrom(...PLATFORM_IDS), (prompt, platform) => {
        expect(typeof answer(prompt, platform)).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});
