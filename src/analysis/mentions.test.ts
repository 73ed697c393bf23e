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

  it('judges Chinese names by word segmentation: no hit across a word boundary or inside a longer word', () => {
    expect(mention('为振兴中华为人民服务', '华为').mentioned).toBe(false);
    expect(mention('内容大众化，社会大众都能看懂', '大众').mentioned).toBe(false);
    expect(mention('国庆期间长安街交通管制', '长安').mentioned).toBe(false);
    expect(mention('长安汽车推出了新车型', '长安').mentioned).toBe(true);
    expect(mention('华为手机拍照好', '华为').mentioned).toBe(true);
  });

  it('needs brand evidence for a name that is an ordinary word, overridable per brand', () => {
    expect(mention('最理想的状态是兴趣与收入兼顾', '理想').mentioned).toBe(false);
    expect(mention('理想L7空间大，适合家庭', '理想').mentioned).toBe(true);
    expect(mention('春节图个吉利', '吉利').mentioned).toBe(false);
    expect(mention('推荐吉利星瑞，做工扎实', '吉利').mentioned).toBe(true);
    // Declared not ambiguous: no evidence needed.
    expect(mention('春节图个吉利', '吉利', [], { ambiguous: false }).mentioned).toBe(true);
  });

  it('rejects other meanings of Latin names and organisations that contain the name', () => {
    expect(mention('Zoom in on the chart to see the trend.', 'Zoom').mentioned).toBe(false);
    expect(mention('Zoom is the easiest video tool for schools.', 'Zoom').mentioned).toBe(true);
    expect(mention('The statue depicts Nike, the Greek goddess of victory.', 'Nike').mentioned).toBe(false);
    expect(mention('Nike shoes are popular with runners.', 'Nike').mentioned).toBe(true);
    expect(mention('The Washington Apple Commission promotes apples.', 'Apple').mentioned).toBe(false);
    expect(mention('中国移动互联网产业联盟发布报告', '中国移动').mentioned).toBe(false);
  });

  it('rejects a capitalised name that belongs to another proper noun: a person, place, organisation or title', () => {
    expect(mention('Michael Jordan won six titles with the Bulls.', 'Jordan').mentioned).toBe(false);
    expect(mention('The Air Jordan 1 retails for $180.', 'Jordan').mentioned).toBe(true);
    expect(mention('Abraham Lincoln spoke at Gettysburg. Lincoln, Nebraska, is named after him.', 'Lincoln').mentioned).toBe(false);
    expect(mention('The Lincoln Navigator starts at about $90,000.', 'Lincoln').mentioned).toBe(true);
    expect(mention('The Ford Foundation announced new grants.', 'Ford').mentioned).toBe(false);
    expect(mention('Columbia University hosts the awards; Vancouver is in British Columbia.', 'Columbia').mentioned).toBe(false);
    expect(mention('Columbia makes affordable rain jackets.', 'Columbia').mentioned).toBe(true);
    expect(mention('The British band Genesis took its name from the Bible.', 'Genesis').mentioned).toBe(false);
    expect(mention('Patagonia, the region shared by Argentina and Chile, is windy.', 'Patagonia').mentioned).toBe(false);
    expect(mention('It was screened in Orange County, California.', 'Orange').mentioned).toBe(false);
  });

  it('needs brand evidence for an ordinary English word whose capital only marks its place', () => {
    // The first word of a sentence, a title-case heading, part of a longer proper noun.
    expect(mention('Mint leaves stay green in water.', 'Mint').mentioned).toBe(false);
    expect(mention('## Define Your Target Audience\nWrite down who buys.', 'Target').mentioned).toBe(false);
    expect(mention('The Mekong Delta grows rice. Times Square is busy.', 'Delta', [], {}).mentioned).toBe(false);
    expect(mention("Pachelbel's Canon in D is played at weddings.", 'Canon').mentioned).toBe(false);
    // Evidence: a verb after a bare subject, product words, a model name, a possessive, mid-sentence capital.
    expect(mention('Notion is great for docs.', 'Notion').mentioned).toBe(true);
    expect(mention('Target has lower prices on diapers.', 'Target').mentioned).toBe(true);
    expect(mention('Delta Air Lines is punctual.', 'Delta').mentioned).toBe(true);
    expect(mention("Peloton's classes are engaging.", 'Peloton').mentioned).toBe(true);
    expect(mention('I usually fly Delta to Atlanta.', 'Delta').mentioned).toBe(true);
  });

  it('rejects Chinese names in titles, other organisations and places, person or history context, and hidden crossings', () => {
    expect(mention('电视剧《长安十二时辰》以唐代为背景。', '长安').mentioned).toBe(false);
    expect(mention('据《光明日报》报道，凤凰卫视也做了专题。', '光明').mentioned).toBe(false);
    expect(mention('红旗渠被称为人工天河。', '红旗').mentioned).toBe(false);
    expect(mention('李宁在1982年的世界杯体操赛上夺得六枚金牌。', '李宁').mentioned).toBe(false);
    expect(mention('李宁的新款跑鞋很轻。', '李宁').mentioned).toBe(true);
    expect(mention('对方太强势时先倾听。', '方太').mentioned).toBe(false);
    expect(mention('方太的油烟机吸力很强。', '方太').mentioned).toBe(true);
    expect(mention('苹果的 iPhone 16 Pro 换了钛金属边框。', '苹果').mentioned).toBe(true);
  });

  it('recalls an alias in another script in any case but all-lower for short acronyms', () => {
    expect(mention('Xpeng leads in city driving assistance', '小鹏', ['XPENG']).mentioned).toBe(true);
    expect(mention('Nio runs battery swap stations', '蔚来', ['NIO']).mentioned).toBe(true);
    expect(mention('the nio of it', '蔚来', ['NIO']).mentioned).toBe(false);
  });

  it('explains every sense decision', () => {
    const { decisions } = createAnalyzer({ name: '理想' }).explain('最理想的状态。理想L7空间大。');
    expect(decisions).toEqual([
      expect.stringMatching(/^rejected 理想 .*degree adverb/),
      expect.stringMatching(/^mention 理想 .*model or product token/),
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
