/**
 * The simulator's world knowledge: product categories with real-looking brands, the praise and
 * complaints people voice about them, and where such answers usually cite from. Data lives in
 * ./data/*; this file holds the generic fallback and the lookup index.
 */
import { CONSUMER_CATEGORIES } from './data/consumer-categories.js';
import { LIFESTYLE_CATEGORIES } from './data/lifestyle-categories.js';
import { type Brand, type Category, category } from './data/model.js';
import { TECH_CATEGORIES } from './data/tech-categories.js';

export type { Bilingual, Brand, Category } from './data/model.js';

/** Used when the prompt names no known category: advice without a product list of its own. */
export const GENERIC_CATEGORY: Category = category('generic', '产品', 'products', {
  keywords: [[], []],
  pros: [['口碑整体不错', '性价比较高', '售后响应及时', '产品线比较完整', '用户社区活跃'], ['a generally good reputation', 'solid value for money', 'responsive support', 'a broad product line', 'an active user community']],
  cons: [['价格偏高', '售后体验参差不齐', '部分用户反映质量不稳定', '宣传大于实际', '客服回复慢'], ['a high price', 'uneven after-sales service', 'inconsistent quality reports', 'marketing that oversells the product', 'slow customer service']],
  sources: [['zhihu.com', 'baike.baidu.com', 'smzdm.com', 'sohu.com'], ['reddit.com', 'en.wikipedia.org', 'trustpilot.com', 'consumerreports.org']],
}, []);

export const CATEGORIES: readonly Category[] = [...CONSUMER_CATEGORIES, ...LIFESTYLE_CATEGORIES, ...TECH_CATEGORIES];

export interface BrandRef {
  brand: Brand;
  category: Category;
}

/** Every (brand, category) pair; a brand sold in several categories (Apple, Huawei) appears once per category. */
export const BRAND_INDEX: readonly BrandRef[] = CATEGORIES.flatMap((category) =>
  category.brands.map((b) => ({ brand: b, category })),
);

export function categoryById(id: string): Category | undefined {
  return CATEGORIES.find((category) => category.id === id);
}
