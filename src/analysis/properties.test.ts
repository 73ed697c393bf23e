import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeStrict } from './analyzer.js';
import { foldText } from './fold.js';
import { extractCitations } from './index.js';

const NAMES = ['华为', 'HUAWEI', '小米', 'Apple', 'OPPO', '美的', 'Booking.com', 'HP'];
const PIECES = [...NAMES, '小米粥', 'apple pie', 'ＯＰＰＯ', 'https://a.com/华为', '](', '**', '\n1. ', '### ', '|', '，', '。', '但是', 'not ', ' better than ', '比', '[1]', '\u200b', '\r\n', '㈱', '🙂', '\ud800'];
const textArb = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 6 })), { maxLength: 40 }).map((a) => a.join('')),
);

const fold = (s: string) => foldText(s).text;

describe('properties', () => {
  it('never throws and the position points at a name', () => {
    fc.assert(
      fc.property(textArb, fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }), (text, platform) => {
        const r = analyzeStrict(text, { name: '华为', aliases: ['HUAWEI', 'Apple'] }, [{ name: '小米' }, { name: 'OPPO', aliases: ['HP', 'Booking.com'] }], platform);
        const targets = [
          { a: r, names: ['华为', 'huawei', 'apple'] },
          { a: r.competitors[0]!, names: ['小米'] },
          { a: r.competitors[1]!, names: ['oppo', 'hp', 'booking.com'] },
        ];
        for (const { a, names } of targets) {
          expect(a.mentioned).toBe(a.position !== null);
          if (a.position !== null) {
            const rest = fold(text.slice(a.position));
            expect(names.some((n) => rest.startsWith(n))).toBe(true);
            expect(a.sentiment!.score).toBeGreaterThanOrEqual(-1);
            expect(a.sentiment!.score).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: 600 },
    );
  });

  it('yields only valid http(s) URLs with a non-empty domain', () => {
    fc.assert(
      fc.property(textArb, fc.array(fc.oneof(fc.webUrl(), fc.string()), { maxLength: 4 }), (text, platform) => {
        for (const c of extractCitations(`${text} ${text.length % 2 ? 'https://x.cn/' + text : ''}`, platform)) {
          const u = new URL(c.url);
          expect(['http:', 'https:']).toContain(u.protocol);
          expect(c.domain.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 600 },
    );
  });

  it('every citation url is a substring of the answer, exactly as written', () => {
    fc.assert(
      fc.property(textArb, fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.constantFrom('', '。', '）', ')', '**', '，活动', '[2](https://b.com/x)'), (text, url, glue) => {
        const answer = `${text} [1](${url})${glue} ${url}${glue}`;
        for (const c of extractCitations(answer)) expect(answer.includes(c.url)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('handles arbitrary web URLs glued to Chinese text', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true }), (url) => {
        const found = extractCitations(`详见${url}。`);
        expect(found.length).toBeLessThanOrEqual(1);
        for (const c of found) expect(() => new URL(c.url)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
