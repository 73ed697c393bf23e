import { describe, expect, it } from 'vitest';
import { analyzeAnswer, createAnalyzer } from './index.js';
import { foldText } from './fold.js';

const mention = (text: string, name: string, aliases: string[] = [], extra: object = {}) =>
  analyzeAnswer(text, { name, aliases, ...extra });

describe('folding', () => {
  it('maps full-width letters and CRLF back to original offsets', () => {
    const f = foldText('Ａ\r\nＢ\u200bc');
    expect(f.text).toBe('a\nbc');
    expect([...f.origin]).toEqual([0, 2, 3, 5, 6]);
  });
});

describe('mention detection', () => {
  it('finds full-width ＯＰＰＯ and reports the original offset', () => {
    const r = mention('推荐 ＯＰＰＯ Reno', 'OPPO');
    expect(r.mentioned).toBe(true);
    expect(r.position).toBe(3);
  });

  it('is case-insensitive for Latin names and matches aliases', () => {
    const r = mention('HUAWEI and huawei and 华为', '华为', ['Huawei']);
    expect(r.mentionCount).toBe(3);
    expect(r.position).toBe(0);
  });

  it('respects Latin word boundaries but allows model numbers after a name', () => {
    expect(mention('Pineapple juice', 'Apple').mentioned).toBe(false);
    expect(mention('the iPhone15 is out', 'iPhone').mentioned).toBe(true);
    expect(mention('xiaomiphone', 'Xiaomi').mentioned).toBe(false);
  });

  it('does not count 小米粥, 小米椒 or apple pie', () => {
    expect(mention('早餐喝小米粥，配小米椒炒蛋', '小米').mentioned).toBe(false);
    expect(mention('Apple pie and apple juice', 'Apple').mentioned).toBe(false);
    expect(mention('小米粥很好喝，小米手机也不错', '小米').position).toBe(7);
  });

  it('requires a capital for common-word names, and capitals for short acronyms', () => {
    expect(mention('the notion of quality', 'Notion').mentioned).toBe(false);
    expect(mention('I use Notion daily', 'Notion').mentioned).toBe(true);
    expect(mention('a 2 hp motor', 'HP').mentioned).toBe(false);
    expect(mention('an HP printer', 'HP').mentioned).toBe(true);
  });

  it('honours per-brand exclusions', () => {
    expect(mention('理想的选择是多看看', '理想', [], { exclusions: ['理想的选择'] }).mentioned).toBe(false);
  });

  it('ignores names inside URLs, e-mails and link targets, but counts link text', () => {
    expect(mention('see https://www.huawei.com/cn and support@huawei.com', 'Huawei').mentioned).toBe(false);
    expect(mention('[官网](/brands/huawei)', 'Huawei').mentioned).toBe(false);
    expect(mention('访问 huawei.com 了解', 'Huawei').mentioned).toBe(false);
    const r = mention('[Huawei](https://huawei.com)', 'Huawei');
    expect(r.mentioned).toBe(true);
    expect(r.position).toBe(1);
  });

  it('counts a brand whose name is a domain', () => {
    expect(mention('Booking.com is handy', 'Booking.com').mentioned).toBe(true);
  });

  it('gives the snippet as the sentence around the first mention without Markdown', () => {
    const r = mention('Intro line.\n\n1. **华为 Mate 60**：拍照出色。另一句。', '华为');
    expect(r.snippet).toBe('华为 Mate 60：拍照出色。');
  });

  it('reuses one compiled analyzer for many answers', () => {
    const analyzer = createAnalyzer({ name: '华为' }, { competitors: [{ name: '小米' }] });
    expect(analyzer.analyze('华为').mentioned).toBe(true);
    expect(analyzer.analyze('小米').competitors[0]?.mentioned).toBe(true);
    expect(analyzer.analyze('小米').mentioned).toBe(false);
  });
});
