/**
 * Real-looking source URLs for simulated answers: review threads, shopping pages, official sites,
 * and Perplexity-style `citations` / `search_results`. Deterministic through the caller's PRNG.
 */
import type { Brand, Category } from './categories.js';
import type { Language } from './prompt.js';
import type { Random } from './random.js';

export interface SearchResult {
  title: string;
  url: string;
  date: string;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function hostOf(domain: string): string {
  const host = domain.split('/')[0] ?? domain;
  // Bare registrable domains get "www."; sites that live on a subdomain keep it.
  return host.split('.').length > 2 && !host.endsWith('.com.cn') ? host : `www.${host}`;
}

/** A page on `domain` about `topic`, shaped like that site's real URLs; `year` dates "best of" pages. */
export function sourceUrl(domain: string, topic: string, random: Random, year: number): string {
  const id = random.int(100_000_000, 699_999_999);
  const topicSlug = slug(topic) || 'guide';
  const path = domain.includes('/') ? domain.slice(domain.indexOf('/')) : '';
  switch (domain.split('/')[0]) {
    case 'zhihu.com':
      return `https://www.zhihu.com/question/${id}`;
    case 'smzdm.com':
      return `https://post.smzdm.com/p/a${id.toString(36)}/`;
    case 'jd.com':
      return `https://item.jd.com/${id}${random.int(10, 99)}.html`;
    case 'baike.baidu.com':
      return `https://baike.baidu.com/item/${encodeURIComponent(topic)}`;
    case 'reddit.com':
      return `https://www.reddit.com/r/${topicSlug.replace(/-/g, '')}/comments/${id.toString(36)}/best_${topicSlug.replace(/-/g, '_')}/`;
    case 'en.wikipedia.org':
      return `https://en.wikipedia.org/wiki/${encodeURIComponent(topic.replace(/ /g, '_'))}`;
    case 'xiaohongshu.com':
      return `https://www.xiaohongshu.com/explore/${id.toString(16)}${random.int(1000, 9999)}`;
    default: {
      const host = hostOf(domain);
      if (/[\u3400-\u9fff]/.test(topic) || domain.endsWith('.cn')) return `https://${host}${path}/article/${id}.html`;
      return `https://${host}${path}/best-${topicSlug}-${random.int(year - 1, year)}`;
    }
  }
}

export function officialUrl(brand: Brand): string | undefined {
  return brand.domain === '' ? undefined : `https://${hostOf(brand.domain)}/`;
}

/** Readable site names for link text and search result titles. */
const SITE_NAMES: Readonly<Record<string, string>> = {
  'zhihu.com': '知乎',
  'smzdm.com': '什么值得买',
  'jd.com': '京东',
  'baike.baidu.com': '百度百科',
  'xiaohongshu.com': '小红书',
  'dianping.com': '大众点评',
  'dongchedi.com': '懂车帝',
  'autohome.com.cn': '汽车之家',
  'sohu.com': '搜狐',
  '36kr.com': '36氪',
  'reddit.com': 'Reddit',
  'rtings.com': 'RTINGS',
  'nytimes.com/wirecutter': 'Wirecutter',
  'g2.com': 'G2',
  'gartner.com': 'Gartner',
};

export function siteName(domain: string): string {
  return SITE_NAMES[domain] ?? domain.split('/')[0] ?? domain;
}

/** 2–4 distinct source pages for this category in this language, dated around the answer's day. */
export function pickSources(
  category: Category,
  language: Language,
  topic: string,
  day: string,
  random: Random,
): { domain: string; url: string }[] {
  const year = Number(day.slice(0, 4));
  const domains = random.sample(category.sources[language], random.int(2, Math.min(4, category.sources[language].length)));
  return domains.map((domain) => ({ domain, url: sourceUrl(domain, topic, random, year) }));
}

function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

export function searchResults(
  sources: { domain: string; url: string }[],
  topic: string,
  language: Language,
  day: string,
  random: Random,
): SearchResult[] {
  const year = Number(day.slice(0, 4));
  return sources.map(({ domain, url }) => ({
    title:
      language === 'zh'
        ? `${topic}怎么选？${random.int(year - 1, year)}年真实评测与推荐 - ${siteName(domain)}`
        : `The Best ${topic.replace(/\b\w/g, (c) => c.toUpperCase())} of ${random.int(year - 1, year)} | ${siteName(domain)}`,
    url,
    date: shiftDay(day, random.int(3, 200)),
  }));
}
