import { describe, expect, it } from 'vitest';
import { PLATFORM_IDS } from '../catalogue.js';
import { encodeSimulationHint } from '../types.js';
import { generateAnswer } from './answer.js';
import { decodeHint, presence } from './subjects.js';

const hint = (sample: string) => ({
  subject: { name: 'Acme Roast', aliases: ['Acme'] },
  competitors: [{ name: '星巴克', aliases: ['Starbucks'] }, { name: 'Blue Harbor', aliases: [] }],
  sample,
});
const prompt = 'What are the best coffee brands?';
const answer = (platform: (typeof PLATFORM_IDS)[number], day: string, sample: string) =>
  generateAnswer({ platform, prompt, conversation: `user:${prompt}`, day, hint: hint(sample) }).content;

describe('simulation hint', () => {
  it('round-trips through the header encoding (Chinese names too) and ignores garbage', () => {
    expect(decodeHint(encodeSimulationHint(hint('run-1')))).toEqual(hint('run-1'));
    expect(decodeHint('%E0%A4%A')).toBeUndefined();
    expect(decodeHint(encodeURIComponent('{"subject":{}}'))).toBeUndefined();
    expect(decodeHint(undefined)).toBeUndefined();
  });

  it('names the brand under test and its competitors in unbranded answers, at rates that vary by platform, never all or nothing', () => {
    const rates = PLATFORM_IDS.map((platform) => {
      let acme = 0;
      let blue = 0;
      for (let i = 0; i < 60; i++) {
        const text = answer(platform, '2026-03-01', `run-${i}`);
        if (/\bAcme\b/.test(text)) acme++;
        if (text.includes('Blue Harbor')) blue++;
      }
      return { platform, acme: acme / 60, blue: blue / 60 };
    });
    for (const r of rates) {
      expect(r.acme).toBeGreaterThan(0);
      expect(r.acme).toBeLessThan(1);
    }
    expect(new Set(rates.map((r) => Math.round(r.acme * 10))).size).toBeGreaterThan(2);
    expect(rates.some((r) => r.blue > 0)).toBe(true);
  });

  it('is deterministic per sample and gives distinct answers to two runs on the same day', () => {
    expect(answer('chatgpt', '2026-03-01', 'run-a')).toBe(answer('chatgpt', '2026-03-01', 'run-a'));
    const distinct = new Set(Array.from({ length: 10 }, (_, i) => answer('chatgpt', '2026-03-01', `run-${i}`)));
    expect(distinct.size).toBeGreaterThan(5);
  });

  it('favours the script of the answer: a brand with only a Chinese name is named less in English', () => {
    const t = { name: '瑞幸咖啡', aliases: [] };
    expect(presence(t, 'deepseek', '2026-03-01', 'en')).toBeLessThan(presence(t, 'deepseek', '2026-03-01', 'zh'));
  });
});
