/**
 * Chinese word segmentation for mention decisions: jieba's dictionary and path search with the
 * tracked names added (the engine's choice: src/analysis/zh-words.ts) against Intl.Segmenter (ICU).
 * Accuracy: does the segmentation keep a tracked name as whole word(s) exactly when the name is
 * meant (cases below, labelled by measurement-rules.md §1)? Speed: windows of ±12 characters
 * around a hit, as the engine cuts them, and whole answers.
 *   npx tsx bench/zh-segmenter.ts
 */
import { ZhWords } from '../src/analysis/zh-words.js';

// [text, name, is the name a whole word here (a mention candidate)?]
const CASES: Array<[string, string, boolean]> = [
  ['这本书讲述了为振兴中华为人民服务的故事', '华为', false],
  ['华为手机拍照很好', '华为', true],
  ['早餐喝小米粥养胃', '小米', false],
  ['小米手机性价比高', '小米', true],
  ['内容大众化，普通人也能看懂', '大众', false],
  ['大众汽车的帕萨特空间大', '大众', true],
  ['国庆期间长安街交通管制', '长安', false],
  ['长安汽车推出了新车型', '长安', true],
  ['10万级推荐长安逸动', '长安', true],
  ['中国移动互联网产业联盟发布报告', '中国移动', true],
  ['中兴通讯的5G基站出货量大', '中兴', true],
  ['很多学生喜欢玩王者荣耀', '荣耀', true],
  ['荣耀Magic6续航出色', '荣耀', true],
  ['这里的风景很美的', '美的', true],
  ['美的空调很省电', '美的', true],
  ['比亚迪海豹的续航扎实', '比亚迪', true],
  ['小鹏汽车的智驾领先', '小鹏', true],
  ['蔚来的换电站很方便', '蔚来', true],
  ['一加手机屏幕好', '一加', true],
  ['一加一等于二', '一加', true],
  ['极氪001很受欢迎', '极氪', true],
  ['问界M9是豪华SUV', '问界', true],
  ['理想L7空间大', '理想', true],
  ['华为和中兴都是通信设备商', '中兴', true],
  ['三星堆博物馆值得一去', '三星', false],
  ['京东方的屏幕供应量大', '京东', false],
  ['京东物流很快', '京东', true],
  ['苹果汁富含维生素', '苹果', false],
  ['苹果公司发布了新品', '苹果', true],
  ['格力空调制冷快', '格力', true],
];

const names = [...new Set(CASES.map((c) => c[1]))];
const zhWords = new ZhWords(names);

const intl = new Intl.Segmenter('zh', { granularity: 'word' });
function intlWhole(text: string, start: number, end: number): boolean {
  let at = 0;
  for (const s of intl.segment(text)) {
    const a = at;
    const b = at + s.segment.length;
    at = b;
    if (b <= start || a >= end) continue;
    if (a < start || b > end) return false; // crosses an edge or holds the name inside a longer word
  }
  return true;
}
const BRAND_SUFFIX = /^(?:汽车|通讯|集团|公司|科技|手机|电脑|品牌|官方|空调|物流)$/;
function jiebaWhole(text: string, start: number, end: number): boolean {
  const w = zhWords.wordAt(text, start, end);
  if (w.fit === 'word') return true;
  return w.fit === 'inside' && w.start === start && BRAND_SUFFIX.test(w.word.slice(end - start));
}

for (const [label, fn] of [['@node-rs/jieba + user dictionary', jiebaWhole], ['Intl.Segmenter (ICU)', intlWhole]] as const) {
  let right = 0;
  const wrong: string[] = [];
  const t0 = performance.now();
  for (const [text, name, want] of CASES) {
    const start = text.indexOf(name);
    const got = fn(text, start, start + name.length);
    if (got === want) right++;
    else wrong.push(`${text} (${name}: ${got})`);
  }
  const first = performance.now() - t0;
  const t1 = performance.now();
  const reps = 2000;
  for (let i = 0; i < reps; i++) for (const [text, name] of CASES) fn(text, text.indexOf(name), text.indexOf(name) + name.length);
  const perWindow = ((performance.now() - t1) * 1000) / (reps * CASES.length);
  console.log(`${label}: ${right}/${CASES.length} right; first pass incl. load ${first.toFixed(0)} ms; ${perWindow.toFixed(1)} µs per window`);
  if (wrong.length > 0) console.log(`  wrong: ${wrong.join(' | ')}`);
}
