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

  it('reads a lower-case acronym before a product name, not after a figure; an acronym is no place head (engine 2.5)', () => {
    expect(mention('1. **dji Mini 4 Pro**：不到249克。', '大疆', ['DJI']).mentioned).toBe(true);
    expect(mention('a 120 hp Engine', 'HP').mentioned).toBe(false);
    expect(mention('1. **BYD Sea Lion 07** — efficient.', 'BYD').mentioned).toBe(true);
  });

  it('is case-insensitive for Latin names and matches aliases', () => {
    const r = mention('HUAWEI and huawei and 华为', '华为', ['Huawei']);
    expect(r.mentionCount).toBe(3);
    expect(r.position).toBe(0);
  });

  it.each<[unknown, ...Parameters<typeof mention>]>([
    [false, 'Pineapple juice', 'Apple'],
    [true, 'the iPhone15 is out', 'iPhone'],
    [false, 'xiaomiphone', 'Xiaomi'],
  ])('respects Latin word boundaries but allows model numbers after a name (%s): %s', (expected, ...args) => {
    expect(mention(...args).mentioned).toBe(expected);
  });

  it('does not count 小米粥, 小米椒 or apple pie', () => {
    expect(mention('早餐喝小米粥，配小米椒炒蛋', '小米').mentioned).toBe(false);
    expect(mention('Apple pie and apple juice', 'Apple').mentioned).toBe(false);
    expect(mention('小米粥很好喝，小米手机也不错', '小米').position).toBe(7);
  });

  it.each<[unknown, ...Parameters<typeof mention>]>([
    [false, 'the notion of quality', 'Notion'],
    [true, 'I use Notion daily', 'Notion'],
    [false, 'a 2 hp motor', 'HP'],
    [true, 'an HP printer', 'HP'],
  ])('requires a capital for common-word names, and capitals for short acronyms (%s): %s', (expected, ...args) => {
    expect(mention(...args).mentioned).toBe(expected);
  });

  it.each<[unknown, ...Parameters<typeof mention>]>([
    [false, '为振兴中华为人民服务', '华为'],
    [false, '内容大众化，社会大众都能看懂', '大众'],
    [false, '国庆期间长安街交通管制', '长安'],
    [true, '长安汽车推出了新车型', '长安'],
    [true, '华为手机拍照好', '华为'],
  ])('judges Chinese names by word segmentation: no hit across a word boundary or inside a longer word (%s): %s', (expected, ...args) => {
    expect(mention(...args).mentioned).toBe(expected);
  });

  it.each<[unknown, ...Parameters<typeof mention>]>([
    [false, '最理想的状态是兴趣与收入兼顾', '理想'],
    [true, '理想L7空间大，适合家庭', '理想'],
    [false, '春节图个吉利', '吉利'],
    [true, '推荐吉利星瑞，做工扎实', '吉利'],
    // Declared not ambiguous: no evidence needed.
    [true, '春节图个吉利', '吉利', [], { ambiguous: false }],
  ])('needs brand evidence for a name that is an ordinary word, overridable per brand (%s): %s', (expected, ...args) => {
    expect(mention(...args).mentioned).toBe(expected);
  });

  it.each<[unknown, ...Parameters<typeof mention>]>([
    [false, 'Zoom in on the chart to see the trend.', 'Zoom'],
    [true, 'Zoom is the easiest video tool for schools.', 'Zoom'],
    [false, 'The statue depicts Nike, the Greek goddess of victory.', 'Nike'],
    [true, 'Nike shoes are popular with runners.', 'Nike'],
    [false, 'The Washington Apple Commission promotes apples.', 'Apple'],
    [false, '中国移动互联网产业联盟发布报告', '中国移动'],
  ])('rejects other meanings of Latin names and organisations that contain the name (%s): %s', (expected, ...args) => {
    expect(mention(...args).mentioned).toBe(expected);
  });

  it.each<[unknown, ...Parameters<typeof mention>]>([
    [false, 'Michael Jordan won six titles with the Bulls.', 'Jordan'],
    [true, 'The Air Jordan 1 retails for $180.', 'Jordan'],
    [false, 'Abraham Lincoln spoke at Gettysburg. Lincoln, Nebraska, is named after him.', 'Lincoln'],
    [true, 'The Lincoln Navigator starts at about $90,000.', 'Lincoln'],
    [false, 'The Ford Foundation announced new grants.', 'Ford'],
    [false, 'Columbia University hosts the awards; Vancouver is in British Columbia.', 'Columbia'],
    [true, 'Columbia makes affordable rain jackets.', 'Columbia'],
    [false, 'The British band Genesis took its name from the Bible.', 'Genesis'],
    [false, 'Patagonia, the region shared by Argentina and Chile, is windy.', 'Patagonia'],
    [false, 'It was screened in Orange County, California.', 'Orange'],
  ])('rejects a capitalised name that belongs to another proper noun: a person, place, organisation or title (%s): %s', (expected, ...args) => {
    expect(mention(...args).mentioned).toBe(expected);
  });

  it.each<[unknown, ...Parameters<typeof mention>]>([
    // The first word of a sentence, a title-case heading, part of a longer proper noun.
    [false, 'Mint leaves stay green in water.', 'Mint'],
    [false, '## Define Your Target Audience\nWrite down who buys.', 'Target'],
    [false, 'The Mekong Delta grows rice. Times Square is busy.', 'Delta', [], {}],
    [false, "Pachelbel's Canon in D is played at weddings.", 'Canon'],
    // Evidence: a verb after a bare subject, product words, a model name, a possessive, mid-sentence capital.
    [true, 'Notion is great for docs.', 'Notion'],
    [true, 'Target has lower prices on diapers.', 'Target'],
    [true, 'Delta Air Lines is punctual.', 'Delta'],
    [true, "Peloton's classes are engaging.", 'Peloton'],
    [true, 'I usually fly Delta to Atlanta.', 'Delta'],
  ])('needs brand evidence for an ordinary English word whose capital only marks its place (%s): %s', (expected, ...args) => {
    expect(mention(...args).mentioned).toBe(expected);
  });

  it.each<[unknown, ...Parameters<typeof mention>]>([
    [false, '电视剧《长安十二时辰》以唐代为背景。', '长安'],
    [false, '据《光明日报》报道，凤凰卫视也做了专题。', '光明'],
    [false, '红旗渠被称为人工天河。', '红旗'],
    [false, '李宁在1982年的世界杯体操赛上夺得六枚金牌。', '李宁'],
    [true, '李宁的新款跑鞋很轻。', '李宁'],
    [false, '对方太强势时先倾听。', '方太'],
    [true, '方太的油烟机吸力很强。', '方太'],
    [true, '苹果的 iPhone 16 Pro 换了钛金属边框。', '苹果'],
  ])('rejects Chinese names in titles, other organisations and places, person or history context, and hidden crossings (%s): %s', (expected, ...args) => {
    expect(mention(...args).mentioned).toBe(expected);
  });

  it.each<[unknown, ...Parameters<typeof mention>]>([
    [true, 'Xpeng leads in city driving assistance', '小鹏', ['XPENG']],
    [true, 'Nio runs battery swap stations', '蔚来', ['NIO']],
    [false, 'the nio of it', '蔚来', ['NIO']],
  ])('recalls an alias in another script in any case but all-lower for short acronyms (%s): %s', (expected, ...args) => {
    expect(mention(...args).mentioned).toBe(expected);
  });

  it('explains every sense decision', () => {
    const { decisions } = createAnalyzer({ name: '理想' }).explain('最理想的状态。理想L7空间大。');
    expect(decisions).toEqual([
      expect.stringMatching(/^rejected 理想 .*degree adverb/),
      expect.stringMatching(/^mention 理想 .*model or product token/),
      // …and the sums its sentiment label came from.
      expect.stringMatching(/^sentiment 理想: positive [\d.]+ from pros [\d.]+ \(1 clauses\), cons 0 \(0\), 0 neutral$/),
    ]);
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
