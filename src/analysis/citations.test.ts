import { describe, expect, it } from 'vitest';
import { extractCitations, normalizeUrl } from './index.js';

const urls = (text: string, platform?: string[]) => extractCitations(text, platform).map((c) => c.url);

describe('citations', () => {
  it('separates URLs glued to Chinese text', () => {
    expect(urls('详见https://a.com/x。更多内容')).toEqual(['https://a.com/x']);
    expect(urls('访问https://a.com/x了解更多')).toEqual(['https://a.com/x']);
    // §4.2: a URL ends at any non-ASCII character, full-width punctuation included.
    expect(urls('维基：https://zh.wikipedia.org/wiki/华为。')).toEqual(['https://zh.wikipedia.org/wiki/']);
    expect(urls('详见 https://a.com/ecs，活动 与 https://b.cn/lighthouse）')).toEqual(['https://a.com/ecs', 'https://b.cn/lighthouse']);
  });

  it('keeps the URL exactly as written: slash, tracking parameters, fragments, case, scheme', () => {
    expect(urls('a https://a.com/x?utm_source=chatgpt.com b https://b.com c https://c.com/p/#top d HTTP://D.com/Q')).toEqual([
      'https://a.com/x?utm_source=chatgpt.com',
      'https://b.com',
      'https://c.com/p/#top',
      'HTTP://D.com/Q',
    ]);
    expect(urls('([site.com](https://site.com/a?utm_source=chatgpt.com))')).toEqual(['https://site.com/a?utm_source=chatgpt.com']);
    expect(urls('https://a.com/a,b/c 与 <https://b.com/x>')).toEqual(['https://a.com/a,b/c', 'https://b.com/x']);
  });

  it('splits adjacent Markdown links and keeps balanced parentheses', () => {
    expect(urls('说法[1](https://a.com/x)[2](https://b.com/y)。')).toEqual(['https://a.com/x', 'https://b.com/y']);
    expect(urls('[Jaguar](https://en.wikipedia.org/wiki/Jaguar_(animal))')).toEqual(['https://en.wikipedia.org/wiki/Jaguar_(animal)']);
  });

  it('strips trailing punctuation, brackets and Markdown syntax', () => {
    expect(urls('（https://a.com/x）、【https://b.com/y】，**https://c.com/z**.')).toEqual([
      'https://a.com/x',
      'https://b.com/y',
      'https://c.com/z',
    ]);
    expect(urls('see https://en.wikipedia.org/wiki/Mercury_(bank).')).toEqual(['https://en.wikipedia.org/wiki/Mercury_(bank)']);
  });

  it('normalises the grouping key: host case, default ports, fragments, tracking parameters, trailing slash', () => {
    expect(normalizeUrl('HTTPS://WWW.A.COM:443/P?utm_source=x&id=1&gclid=2#top')).toBe('https://www.a.com/P?id=1');
    expect(normalizeUrl('https://a.com/p/')).toBe(normalizeUrl('https://a.com/p'));
    expect(normalizeUrl('https://a.com')).toBe('https://a.com/');
    const [c] = extractCitations('see https://A.com/p/?utm_medium=x#f');
    expect(c).toMatchObject({ url: 'https://A.com/p/?utm_medium=x#f', normalizedUrl: 'https://a.com/p', domain: 'a.com' });
    expect(normalizeUrl('www.a.com/x')).toBe('https://www.a.com/x');
    expect(normalizeUrl('ftp://a.com/x')).toBeNull();
    expect(normalizeUrl('not a url')).toBeNull();
  });

  it('labels the source and deduplicates, first occurrence first', () => {
    const found = extractCitations('[t](https://a.com/x) and https://a.com/x#y, <https://b.com>\n\n[r]: https://c.com/ www.e.com', ['https://a.com/x', 'https://d.org/']);
    expect(found.map((c) => [c.url, c.source])).toEqual([
      ['https://a.com/x', 'link'],
      ['https://a.com/x#y', 'text'],
      ['https://b.com', 'link'],
      ['https://c.com/', 'link'],
      ['https://d.org/', 'platform'],
    ]);
  });

  it('uses the registrable domain and the [n] marker sentence for platform citations', () => {
    const [c] = extractCitations('First claim [1]. Second.', ['https://news.bbc.co.uk/a']);
    expect(c).toEqual({ url: 'https://news.bbc.co.uk/a', normalizedUrl: 'https://news.bbc.co.uk/a', domain: 'bbc.co.uk', context: 'First claim [1].', source: 'platform' });
    expect(extractCitations('无标记', ['https://a.com/'])[0]?.context).toBe('');
  });

  it('skips bare domains, e-mails and file names', () => {
    expect(urls('README.md, setup.py, huawei.com and a@b.com')).toEqual([]);
  });
});
