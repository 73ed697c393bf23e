import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from './index.js';

const run = (text: string, brand: string, competitors: string[] = []) =>
  analyzeAnswer(text, { name: brand }, { competitors: competitors.map((name) => ({ name })) });
/** The brand's rank, then each competitor's, from one analysis. */
const ranks = (text: string, brand: string, competitors: string[]) => {
  const r = run(text, brand, competitors);
  return [r.rank, ...r.competitors.map((c) => c.rank)];
};

describe('rank', () => {
  it('takes the index in an ordered list, keeping the numbering of a resumed list', () => {
    const text = '1. 问界 M9\n2. 腾势 N8\n\n如果看重空间：\n\n3. 理想 L9';
    expect(ranks(text, '理想', ['问界'])).toEqual([3, 1]);
  });

  it.each<[unknown, ...Parameters<typeof run>]>([
    [2, '### 1. 华为\n好\n\n### 2. 小米\n好', '小米'],
    [2, '**1. Sony**\n\ntext\n\n**2. Bose**\n\ntext', 'Bose'],
    [2, '推荐：\n1、真我\n2、OPPO', 'OPPO'],
  ])('reads numbered headings, bold numbered paragraphs and 1、 paragraphs (%s): %s', (expected, ...args) => {
    expect(run(...args).rank).toBe(expected);
  });

  it('ranks grouped numbered paragraphs by their group, and not step paragraphs (engine 2.4)', () => {
    const grouped = '一、国产品牌\n（1）老板：吸力大。\n（2）方太：静音好。\n二、进口品牌\n（1）西门子：简洁。';
    expect(ranks(grouped, '方太', ['西门子'])).toEqual([1, 2]);
    expect(run('### 一、常温奶\n1. 蒙牛：醇厚。\n2. 伊利：稳定。\n\n### 二、低温奶\n1. 光明：新鲜。', '光明').rank).toBe(2);
    expect(run('**一、高端档**\n- 索尼：顶级。\n\n**二、入门档**\n- 漫步者：便宜。', '漫步者').rank).toBe(2);
    expect(run('关闭免密支付的步骤：\n一、打开支付宝\n（1）进入设置。\n二、关闭服务\n（1）点击关闭。', '支付宝').rank).toBeNull();
    expect(run('## Number 1: Toyota\nReliable.\n## Number 2: Hyundai\nGood value.', 'Hyundai').rank).toBe(2);
  });

  it('reads sections, tiers, link titles, dimensions and facts lists (engine 2.7)', () => {
    // A product section beside a steps/tips section is no group: its items rank by their own numbers.
    const sections = '一、推荐机型\n\n1. 甲牌 X：好。\n2. 乙牌 Y：好。\n\n二、选购步骤\n\n1. 先量尺寸。\n2. 再比耗材。';
    expect(run(sections, '乙牌').rank).toBe(2);
    // …while two product groups stay groups.
    expect(run('一、国产\n- 甲牌：好。\n- 乙牌：好。\n\n二、进口\n- 丙牌：好。', '丙牌', ['乙牌']).rank).toBe(2);
    // A group label that only mentions advice in passing is still a group.
    expect(run('一、旗舰之选\n- 甲牌：好。\n- 乙牌：好。\n\n二、性价比之选（建议预算有限时）\n- 丙牌：好。', '乙牌').rank).toBe(1);
    // Price tiers 1、 with （1） sub-items; 1、 before a digit.
    const tiers = '1、2000 元以内\n（1）甲牌 A：好。\n（2）乙牌 B：好。\n\n2、2000~4000 元\n（1）丙牌 C：好。';
    expect(ranks(tiers, '乙牌', ['丙牌'])).toEqual([1, 2]);
    expect(run('有哪些？\n1、甲牌 A：CADR 500。\n2、352 X86C：CADR 600。', '352').rank).toBe(2);
    // A link title with a description on the next line is a product, not a source.
    expect(run('推荐：\n1. **[甲牌 A](https://a.example/x)**[^1^]\n   亮度高，系统干净，开机很快。\n2. **[乙牌 B](https://b.example/y)**[^2^]\n   云台设计，投墙投天花板都方便。', '乙牌').rank).toBe(2);
    // The same leads under dimension headings compare; a category's example name is not its entry.
    expect(run('### 价格\n- 甲牌：10 元。\n- 乙牌：15 元。\n\n### 口味\n- 甲牌：偏甜。\n- 乙牌：均衡。', '乙牌').rank).toBeNull();
    expect(run('### Best overall\n- **Acme Phone** — great.\n- **Beta Phone** — good.\n- **Gamma** — fine.\n\n### Best camera\n- **Beta Phone** — superb.\n- **Acme Phone** — good.', 'Beta').rank).toBe(2);
    expect(run('1. **声波式（代表品牌：甲牌）**：振动。\n2. **旋转式（典型如乙牌）**：旋转。', '乙牌').rank).toBeNull();
    // Facts offered by a partial refusal are no product list.
    expect(run("I can't help with that, but here is some general background:\n\n1. Acme is owned by Foo.\n2. Beta was founded in 2012.", 'Beta').rank).toBeNull();
  });

  it('ranks a sentence item only by a name that opens it: facts, tips and steps are no product list (engine 2.12)', () => {
    const facts = 'What happened:\n- In January 2024 Acme confirmed that its cups are sealed with a lead pellet at the base.\n- Reviewers noted that the brand had lost ground to Beta over the last two years.';
    expect(ranks(facts, 'Acme', ['Beta'])).toEqual([null, null]);
    const zhFacts = '两款表的差别：\n- 两者均为瑞士制造，乙牌在表壳打磨和表盘细节上投入更多，价格也高出一截。\n- 机芯方面，甲牌主力机芯动力储存约八十小时，日常佩戴足够。';
    expect(ranks(zhFacts, '甲牌', ['乙牌'])).toEqual([null, null]);
    // A sentence that opens with the name is still the product's entry; short leads are unchanged.
    expect(run('Picks:\n1. Acme is the best all-round bottle for commuters who want a lid that never leaks.\n2. Beta is the budget choice that still keeps drinks cold for a whole day.', 'Beta').rank).toBe(2);
    expect(run('Picks:\n1. The best overall: Acme\n2. For budgets, Beta', 'Beta').rank).toBe(2);
  });

  it('reads lists led by the same names section after section as comparison dimensions (engine 2.13)', () => {
    const sections = '## Pricing\n- **Acme** publishes standard pricing.\n- **Beta** quotes interchange-plus.\n\n## Integration\n- Acme’s APIs are the benchmark.\n- Beta’s platform needs more engineering time.';
    expect(ranks(sections, 'Acme', ['Beta'])).toEqual([null, null]);
    const zhGroups = '**一、曲库**\n- 乙音乐：版权多。\n- 甲音乐：缺口缩小。\n\n**二、价格**\n- 甲音乐黑胶会员：约15元。\n- 乙音乐绿钻：约15元。';
    expect(run(zhGroups, '甲音乐', ['乙音乐']).rank).toBeNull();
    // Two pick lists that share names but also hold other products are still recommendations.
    const picks = '## Best overall\n1. Acme\n2. Beta\n3. Gamma\n\n## Best budget\n1. Beta\n2. Acme\n3. Delta';
    expect(ranks(picks, 'Acme', ['Beta'])).toEqual([1, 2]);
  });

  it('reads a sentence after a topic label as no product title (engine 2.13)', () => {
    const points = 'Key points:\n- **Availability and app:** Acme has the best retail presence and the most polished app.\n- **Budget:** Beta is the cheaper alternative, though quality varies.';
    expect(ranks(points, 'Acme', ['Beta'])).toEqual([null, null]);
    // A name after a "best for" label is still the item's product.
    expect(run('Picks:\n- **Best for designers:** Acme — polished templates.\n- **Best for stores:** Beta, with built-in payments.', 'Beta').rank).toBe(2);
  });

  it('reads "Top N" titles, "not ideal" and "how it compares" sections, possessive and same-brand fact sentences (engine 2.14)', () => {
    // "## Top 5 vendors" counts the list; it is not item 5.
    expect(run('## Top 5 vendors by shipments\n\n1. **Acme** — 18.7% share.\n2. **Beta** — 18.0% share.', 'Beta').rank).toBe(2);
    // "Not ideal for your size" is a caution section (§2).
    const caution = '**Recommended**\n\n1. **Acme** – all-in-one.\n2. **Beta** – friendly.\n\n**Not ideal for your size**\n\n- **Gamma** – built for large enterprises.';
    expect(ranks(caution, 'Gamma', ['Beta'])).toEqual([null, 2]);
    // Rivals listed under "How it compares" are compared with the subject, not offered.
    const compares = 'Acme is a solid pick.\n\n### How it compares\n- **Beta** offers more scalability.\n- **Gamma** is stronger for IT automation.';
    expect(run(compares, 'Acme', ['Beta']).competitors[0]?.rank).toBeNull();
    // A sentence opening with the brand's possessive is about an attribute of it.
    const attributes = '差别：\n- 甲牌的有机棉 T 恤克重更足，领口用罗纹加固，洗多次后不容易变形。\n- 乙牌的基础款价格低，但不少用户反映近两年面料变薄、领口容易松垮。';
    expect(run(attributes, '甲牌', ['乙牌']).rank).toBeNull();
    // Two sentences of one list opening with the same brand state facts about it.
    const facts = 'What happened:\n- Acme recalled about 1.1 million power banks in June after reports of overheating.\n- Acme then announced a wider voluntary recall of several other models.';
    expect(run(facts, 'Acme').rank).toBeNull();
  });

  it('reads intros that offer products "for reference" or "with links" as product lists (engine 2.4)', () => {
    expect(run('以下几款供你参考：\n1. **西门子**：约5999元，做工扎实[^2^]。\n2. **海尔**：约3999元，性价比高[^1^]。', '海尔').rank).toBe(2);
    expect(run("Apps I'd look at, with links:\n- **Obsidian** — local files ([obsidian.md](https://obsidian.md/?utm_source=chatgpt.com))\n- **Notion** — flexible databases ([notion.so](https://www.notion.so/?utm_source=chatgpt.com))", 'Notion').rank).toBe(2);
  });

  it('never ranks table rows, even with a rank column (rules §2)', () => {
    expect(run('| 排名 | 品牌 |\n|---|---|\n| 1 | vivo |\n| 2 | 华为 |', '华为').rank).toBeNull();
    expect(run('| 品牌 | 说明 |\n|---|---|\n| vivo | a |\n| 华为 | b |', '华为').rank).toBeNull();
  });

  it.each<[unknown, ...Parameters<typeof run>]>([
    [2, 'Best design tools:\n\n1. **[Sketch](https://sketch.com)** — Mac-only, mature plugins.\n2. **[Figma](https://figma.com)** — browser-based, real-time collaboration.', 'Figma'],
    [2, '推荐：\n1. 小米 14 [1](https://a.com/x) 性价比高，售价3999元\n2. 华为 Mate 60 [2](https://b.com/y) 拍照出色，售价5999元', '华为'],
    [null, 'Sources:\n1. [Figma pricing](https://figma.com/pricing)\n2. [Sketch](https://sketch.com)', 'Figma'],
  ])('ranks product items that carry links, citation markers or prices (%s): %s', (expected, ...args) => {
    expect(run(...args).rank).toBe(expected);
  });

  it('reads a bold label ending in a colon as a descriptor before the name', () => {
    const text = '- **Best for beginners:** Wix — easy editor.\n- **Best for designers:** Squarespace — beautiful templates.';
    expect(run(text, 'Squarespace', ['Wix']).rank).toBe(2);
  });

  it.each<[unknown, ...Parameters<typeof run>]>([
    [2, '推荐：\n1️⃣ 农夫山泉：天然水\n2️⃣ 元气森林：气泡水', '元气森林'],
    [2, '🥇 小天才：定位准\n🥈 华为：通话清晰', '华为'],
    [2, '✅ 飞利浦：入门款多\n✅ 松下：刀头锋利', '松下', ['飞利浦']],
    [2, '一、小米 Redmi K70\n性能强\n\n二、华为 nova 12\n拍照好', '华为'],
  ])('reads each Chinese numbering style as its own list, and emoji leads (engine 2.2) (%s): %s', (expected, ...args) => {
    expect(run(...args).rank).toBe(expected);
  });

  it('takes 一、/（一） sections as groups unless the numbering continues across them', () => {
    const groups = '一、国际品牌\n1. 兰蔻：修护\n2. 雅诗兰黛：经典\n\n二、国产品牌\n1. 薇诺娜：敏感肌\n2. 珀莱雅：抗老';
    expect(ranks(groups, '珀莱雅', ['雅诗兰黛'])).toEqual([2, 1]);
    const continued = '一、国际品牌\n1. 兰蔻：修护\n2. 雅诗兰黛：经典\n\n二、国产品牌\n3. 珀莱雅：抗老\n4. 薇诺娜：敏感肌';
    expect(ranks(continued, '珀莱雅', ['雅诗兰黛'])).toEqual([3, 2]);
    expect(run('（一）轿车\n1. 比亚迪秦L：省油\n2. 吉利星瑞：扎实\n（二）SUV\n1. 长城哈弗H6：销量高\n2. 红旗HS5：做工好', '红旗').rank).toBe(2);
  });

  it('does not rank a comparison-dimension line that names two brands', () => {
    expect(run('区别：\n- 用户：抖音一二线多，快手下沉市场强\n- 内容：抖音算法推荐，快手重社交', '抖音', ['快手']).rank).toBeNull();
  });

  it.each<[unknown, ...Parameters<typeof run>]>([
    [2, '1. 国际品牌\n   - 三星：屏幕好\n   - 苹果：系统流畅\n2. 国产品牌\n   - 华为：拍照强\n   - 小米：性价比', '小米'],
    [1, '### 1. CRM and sales\n- **HubSpot** — free tier\n- **Pipedrive** — simple pipelines\n### 2. Support\n- **Zendesk** — ticketing', 'Pipedrive'],
    [null, '1. Email tools\n   - Brevo, cheaper than Mailchimp', 'Mailchimp'],
  ])('gives a sub-item the rank of its group when the brand leads it (%s): %s', (expected, ...args) => {
    expect(run(...args).rank).toBe(expected);
  });

  it.each<[unknown, ...Parameters<typeof run>]>([
    [null, '推荐：\n1. 华为\n2. 小米\n\n不推荐：\n1. 某杂牌\n2. 酷派', '酷派'],
    [null, '## Top picks\n1. Asana\n2. Trello\n\n## Be cautious with\n1. Wrike — steep pricing', 'Wrike'],
    [null, 'How to share a file:\n1. Open Slack and pick a channel.\n2. Click the + button.', 'Slack'],
  ])('is null in caution sections and how-to lists (%s): %s', (expected, ...args) => {
    expect(run(...args).rank).toBe(expected);
  });

  it.each<[unknown, ...Parameters<typeof run>]>([
    [null, '华为很好。', '华为'],
    [null, '参考资料：\n1. 华为官网 https://a.com\n2. b https://b.com', '华为'],
    [null, '### 1. 华为\n- 优点：比小米好\n- 缺点：贵', '小米'],
    [null, '1. **Brevo** — cheaper than Mailchimp', 'Mailchimp'],
  ])('is null for prose, source lists, detail lists and names only in the item body (%s): %s', (expected, ...args) => {
    expect(run(...args).rank).toBe(expected);
  });
});

describe('sentiment toward the brand', () => {
  const label = (text: string, brand: string, competitors: string[] = []) => run(text, brand, competitors).sentiment?.label;

  it('is clause-level: praise of a competitor is not praise of the brand', () => {
    // 一般 ("so-so") is criticism by the lexicon; the learned reading (engine 2.11) calls it neutral.
    // Either way the praise of 华为 is not 小米's.
    expect(label('华为拍照很好，小米一般。', '小米', ['华为'])).not.toBe('positive');
    expect(label('华为拍照很好，小米一般。', '华为', ['小米'])).toBe('positive');
  });

  it.each<[unknown, ...Parameters<typeof label>]>([
    ['negative', '荣耀的影像并不出色。', '荣耀'],
    ['negative', 'Evernote is not reliable.', 'Evernote'],
    ['positive', 'Figma is not only fast but also reliable.', 'Figma'],
  ])('handles negation in Chinese and English (%s): %s', (expected, ...args) => {
    expect(label(...args)).toBe(expected);
  });

  it.each<[unknown, ...Parameters<typeof label>]>([
    ['negative', '拍照好，但是华为价格太贵。', '华为'],
    ['positive', '虽然海信溢价不高，但是画质出色。', '海信'],
    ['negative', 'Peloton is good. However, it is very expensive and buggy.', 'Peloton'],
  ])('lets the clause after a contrast weigh more (%s): %s', (expected, ...args) => {
    expect(label(...args)).toBe(expected);
  });

  it.each<[unknown, ...Parameters<typeof label>]>([
    ['negative', 'Jira is better than Asana for sprints.', 'Asana', ['Jira']],
    ['positive', 'Jira is better than Asana for sprints.', 'Jira', ['Asana']],
    ['positive', '华为比小米更稳定。', '华为', ['小米']],
    ['negative', '华为比小米更稳定。', '小米', ['华为']],
    ['positive', '影石不如大疆。', '大疆', ['影石']],
    ['negative', 'Slack outperforms Teams in integrations.', 'Teams', ['Slack']],
  ])('handles comparisons in both directions (%s): %s', (expected, ...args) => {
    expect(label(...args)).toBe(expected);
  });

  it('attributes pros and cons under a list item or heading to its brand', () => {
    const text = '**1. 戴森 V15**\n\n- 优点：做工精致\n- 缺点：价格昂贵，续航一般，售后维修费用高\n\n**2. 石头 H7**\n\n- 优点：性价比高';
    expect(label(text, '戴森', ['石头'])).toBe('negative');
    expect(label(text, '石头', ['戴森'])).toBe('positive');
  });

  it.each<[unknown, ...Parameters<typeof label>]>([
    ['positive', "You can't go wrong with the Brooks Ghost 16.", 'Brooks'],
    ['positive', 'For a first apartment, IKEA is hard to beat on price.', 'IKEA'],
    ['positive', 'Lightroom remains the gold standard for cataloguing.', 'Lightroom'],
    ['negative', "Adobe makes excellent software, to be fair, but I wouldn't recommend a subscription.", 'Adobe'],
    ['negative', 'Evernote used to be the go-to note app, but prices have risen sharply.', 'Evernote'],
    ['negative', 'GoDaddy is hard to recommend in 2025.', 'GoDaddy'],
    ['negative', 'Skip the Peloton Bike if you already own a road bike.', 'Peloton'],
    ['negative', 'Robinhood popularised free trading, but for long-term investors these brokers are better.', 'Robinhood'],
    ['positive', 'Grammarly catches tone issues other checkers miss.', 'Grammarly'],
    ['positive', '统一的老坛酸菜系列是很多人的心头好。', '统一'],
  ])('reads recommending and advising against in other words (rules §3) (%s): %s', (expected, ...args) => {
    expect(label(...args)).toBe(expected);
  });

  it('keeps sales ranks neutral', () => {
    expect(label("Tesla's Model Y was the best-selling car in the world by registrations.", 'Tesla')).toBe('neutral');
  });

  it('is neutral for facts and null when not mentioned', () => {
    // The score is P(positive) − P(negative) of the learned reading (engine 2.11): near 0, not 0.
    const facts = run('格力成立于1991年，总部位于珠海。', '格力').sentiment;
    expect(facts?.label).toBe('neutral');
    expect(Math.abs(facts?.score ?? 1)).toBeLessThan(0.5);
    expect(run('无关内容', '格力').sentiment).toBeNull();
  });

  it.each<[unknown, ...Parameters<typeof label>]>([
    ['neutral', '**Peloton Bike** — Pros: immersive classes, solid build. Cons: the membership is required, and it weighs 135 lb.', 'Peloton'],
    ['neutral', 'SU7空间更大、车机更丰富，但品牌时间短。两者各有所长，按自己的需求选择即可。', 'SU7'],
    ['neutral', '蔚来换电方便、服务体系完善；另一方面车价偏高，二手车保值率一般。', '蔚来'],
    ['positive', "The Pixel 9 has an excellent camera and a great screen, but it's a bit pricey.", 'Pixel'],
    ['negative', '**Avoid:** Wyze — repeated security incidents exposed camera feeds.', 'Wyze'],
  ])('reads balanced entries and answers as neutral, praise with a minor caveat as positive (engine 2.2) (%s): %s', (expected, ...args) => {
    expect(label(...args)).toBe(expected);
  });

  it.each<[unknown, ...Parameters<typeof label>]>([
    ['negative', "Peloton's classes are polished, but at $44 a month I'd skip it.", 'Peloton'],
    ['negative', "Honestly, I wouldn't buy a Tesla right now: build quality is still uneven.", 'Tesla'],
    ['negative', 'Wyze Cam v3 is very cheap, but Wyze had two security incidents, so be careful with it.', 'Wyze'],
    ['negative', 'Fidelity and Schwab each have their own strengths: research and support. Robinhood is a different story. After its outage and the fines, I would avoid it.', 'Robinhood'],
    ['negative', '**Juul**\n- Pros: compact, widely sold.\n- Cons: a marketing ban, a large settlement.\n- Verdict: avoid.', 'Juul'],
    ['negative', 'Quibi\nPros: high production values, clever video.\nCons: tiny library, confusing pricing.\nVerdict: not worth it.', 'Quibi'],
    ['negative', 'Vivint is hard to recommend, though. It comes down to your budget.', 'Vivint'],
    ['positive', 'I\'d recommend Bitwarden. It is a much safer choice than LastPass after its breaches.', 'Bitwarden'],
    ['neutral', 'Hulu and Peacock each have their strengths. Hulu has more current TV; Peacock has great sports.', 'Hulu'],
  ])('keeps an explicit verdict against negative: concessions, balanced framing, pros/cons entries (engine 2.3) (%s): %s', (expected, ...args) => {
    expect(label(...args)).toBe(expected);
  });

  it('weighs steps to follow little', () => {
    expect(label('支付宝开通亲情卡的方法：\n1. 打开支付宝，搜索“亲情卡”；\n2. 点击添加，一键就能解绑，操作很方便。', '支付宝')).toBe('neutral');
  });

  it('reads an explicit balanced verdict as neutral, and "unlike Y" as negative for Y (engine 2.4)', () => {
    expect(label('1. 小米 14：综合体验好，推荐。\n2. 一加 12：屏幕和充电都很出色，但系统广告多、影像一般，优缺点都很明显。', '一加')).toBe('neutral');
    expect(label("Samsung's Galaxy S24 has a bright display, while its chip runs warm. A mixed picture overall.", 'Samsung')).toBe('neutral');
    expect(label('The Dyson V15 has superb suction, but it is expensive. Those roughly balance each other out.', 'Dyson')).toBe('neutral');
    expect(label('Squarespace is great for portfolios, unlike Wix, whose sites load slowly.', 'Wix')).toBe('negative');
    expect(label('顺丰同城一般12元起，续重按每公斤计价。', '顺丰')).toBe('neutral');
  });

  it('reads a note outside the list, prose advice against and casual praise (engine 2.5)', () => {
    // T1: criticised only in a note after a recommendation list.
    const list = 'Budget airlines worth booking:\n1. **Volaris** — punctual.\n2. **Viva** — cheap.\n\n';
    expect(label(`${list}What about SkyCheap? The bag fees and a long record of passenger complaints add up fast.`, 'SkyCheap')).toBe('negative');
    expect(label(`${list}**Not recommended at this size:** SkyCheap. Add-on fees pile up quickly.`, 'SkyCheap')).toBe('negative');
    expect(label('推荐：\n1. **甲盘**：速度快。\n\n至于乙盘，非会员限速严重，弹窗广告也很多。', '乙盘')).toBe('negative');
    // T2: advice against with a polite concession, in prose or after a list of reasons.
    expect(label("Lingo is fine, to be fair, but I wouldn't start a beginner here.", 'Lingo')).toBe('negative');
    expect(label('In our test Acme scores noticeably lower than Beta. Its brand is well known, sure.', 'Acme')).toBe('negative');
    expect(label('Why I would go with Beta over Acme:\n- more templates\n- smoother sharing', 'Acme')).toBe('negative');
    expect(label('不太建议现在买甲牌。客观说它销量确实大，但售后口碑一般。', '甲牌')).toBe('negative');
    // T3: casual praise leading an item.
    expect(label('1. **甲牌 粉底液**：今年最爱！\n2. **乙牌**：遮瑕。', '甲牌')).toBe('positive');
    expect(label('- **Acme Cleanser** — my fave, honestly!\n- **Beta** — fine.', 'Acme')).toBe('positive');
    // T4: inline pros and cons of equal weight, refusals.
    expect(label('3. **甲牌 X5**：优点是边角清洁到位、基站自动上下水；缺点是噪音偏大、耗材比较贵。', '甲牌')).toBe('neutral');
    expect(label('2. **Acme Era** — rich sound and easy setup, but no input switching and the app has been unreliable.', 'Acme')).toBe('neutral');
    expect(label('我不能帮你写针对甲牌店铺的虚假差评，这违反平台规则，也可能承担法律责任。', '甲牌')).toBe('neutral');
  });

  it('reads a warning in a ranked entry, a problem stated as a fact and one pro against one con (engine 2.6)', () => {
    // A ranked entry that tells the reader to wait or limits the brand harshly: negative, rank kept.
    const entry = (line: string): string => `Best tents:\n1. **Alpha Dome** — roomy and quick to pitch.\n2. **Acme Trail** — ${line}`;
    expect(label(entry('light and cheap, but I would hold off until the zipper issue is sorted.'), 'Acme')).toBe('negative');
    expect(label(entry('only if you must: the poles bend in wind.'), 'Acme')).toBe('negative');
    expect(run(entry('solid, but at $400 it is a tough sell.'), 'Acme').rank).toBe(2);
    expect(label('1. **甲牌 X3**：颜值高，但固件还不稳定，建议先观望。\n2. **乙牌**：稳定。', '甲牌')).toBe('negative');
    expect(label('1. **甲牌 X3**：价格降下来了，不用再观望。\n2. **乙牌**：稳定。', '甲牌')).toBe('positive');
    expect(label('1. **乙牌**：稳定。\n2. **甲牌 年卡**：器械多，但推销猛，能不办就别办。', '甲牌')).toBe('negative');
    // A problem stated as a fact in prose, also in the sentence after the one that names the brand.
    expect(label('Acme was founded in 2009 in Ohio. In 2022 it recalled 40,000 heaters that could overheat.', 'Acme')).toBe('negative');
    expect(label('甲牌成立于2015年，门店超过300家。\n今年有门店被曝使用过期原料。', '甲牌')).toBe('negative');
    // …but not a problem the sentence says was fixed, a procedure, or a general remark.
    expect(label('Early Acme units had a bug that drained the battery; Acme fixed it in the May update.', 'Acme')).toBe('neutral');
    expect(label('How to file a billing complaint with Acme:\n1. Open the app.\n2. Tap **Billing**.', 'Acme')).toBe('neutral');
    expect(label('The Acme Hero records 5K video. The ideal mount depends on the sport.', 'Acme')).toBe('neutral');
    // One pro against one con weighs the same, also when the con trails as a concession.
    expect(label('2. **Acme Buds** — a comfortable fit, though the battery is weak.', 'Acme')).toBe('neutral');
    expect(label('1. **Acme Buds** — punchy, comfortable, great battery; the only nitpick is the case.', 'Acme')).toBe('positive');
  });

  it('reads the former/the latter, a 归 concession and a verdict against after praise (engine 2.7)', () => {
    expect(label('甲牌拍照很强，不过续航要比乙牌差一截，同样的预算更建议选后者。', '甲牌', ['乙牌'])).toBe('negative');
    expect(label('乙牌能用两周，甲牌一天一充。综合来看，更推荐前者。', '甲牌', ['乙牌'])).toBe('negative');
    expect(label('乙牌能用两周，甲牌一天一充。综合来看，更推荐后者。', '甲牌', ['乙牌'])).toBe('positive');
    expect(label('1. **乙牌**：稳。\n2. **甲牌**：便宜归便宜，可售后一言难尽。', '甲牌')).toBe('negative');
    expect(label('1. **Beta** — solid.\n2. **Acme Bike** — great classes; worth it only if you find it deeply discounted.', 'Acme')).toBe('negative');
  });

  it('keeps the score in [-1, 1]', () => {
    const s = run('华为非常好，非常出色，非常优秀，遥遥领先，无与伦比，值得推荐。'.repeat(20), '华为').sentiment!;
    expect(s.score).toBeLessThanOrEqual(1);
    expect(s.score).toBeGreaterThan(0.9);
  });
});
