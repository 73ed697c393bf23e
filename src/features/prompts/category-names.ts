/**
 * Category names in the other language, so a brand created with "robot vacuum" is asked 有哪些值得
 * 推荐的扫地机器人品牌？ on Chinese platforms — a question a Chinese buyer would type — rather than a
 * Chinese template with an English word inside. Unknown categories stay as written.
 */
import type { PromptLocale } from '../../db/schema/scanning.js';

const PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['robot vacuum', '扫地机器人'], ['robot vacuums', '扫地机器人'], ['coffee', '咖啡'], ['coffee chain', '咖啡连锁'], ['tea', '茶饮'],
  ['milk tea', '奶茶'], ['smartphone', '手机'], ['smartphones', '手机'], ['phone', '手机'], ['laptop', '笔记本电脑'], ['laptops', '笔记本电脑'],
  ['electric vehicle', '电动汽车'], ['electric vehicles', '电动汽车'], ['ev', '电动汽车'], ['car', '汽车'], ['cars', '汽车'],
  ['headphones', '耳机'], ['earbuds', '耳机'], ['air purifier', '空气净化器'], ['beer', '啤酒'], ['hotel', '酒店'], ['hotels', '酒店'],
  ['airline', '航空公司'], ['bank', '银行'], ['insurance', '保险'], ['cloud computing', '云计算'], ['cloud', '云服务'],
  ['software', '软件'], ['project management software', '项目管理软件'], ['crm', 'CRM 软件'], ['sportswear', '运动服饰'],
  ['running shoes', '跑鞋'], ['skincare', '护肤品'], ['cosmetics', '化妆品'], ['tv', '电视'], ['television', '电视'],
  ['washing machine', '洗衣机'], ['refrigerator', '冰箱'], ['air conditioner', '空调'], ['camera', '相机'], ['drone', '无人机'],
  ['e-commerce', '电商平台'], ['online shopping', '网购平台'], ['food delivery', '外卖平台'], ['baby formula', '婴儿奶粉'],
  ['pet food', '宠物食品'], ['furniture', '家具'], ['mattress', '床垫'], ['bicycle', '自行车'], ['smartwatch', '智能手表'],
];

const TO_ZH = new Map(PAIRS.map(([en, zh]) => [en, zh]));
const TO_EN = new Map(PAIRS.filter(([en]) => !en.endsWith('s') || en === 'headphones' || en === 'earbuds').map(([en, zh]) => [zh, en]));

const CJK = /[\u3400-\u9fff]/;

/** The category as the locale's buyers write it (as written when no translation is known). */
export function categoryFor(category: string, locale: PromptLocale): string {
  const trimmed = category.trim();
  if (locale === 'zh-CN' && !CJK.test(trimmed)) return TO_ZH.get(trimmed.toLowerCase()) ?? trimmed;
  if (locale === 'en' && CJK.test(trimmed)) return TO_EN.get(trimmed) ?? trimmed;
  return trimmed;
}
