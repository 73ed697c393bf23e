import { describe, expect, it } from 'vitest';
import { extractCitations, normalizeUrl } from './index.js';

const urls = (text: string, platform?: string[]) => extractCitations(text, platform).map((c) => c.url);

describe('citations', () => {
  it('separates URLs glued to Chinese text', () => {
    expect(urls('详见https://a.com/x。更多内容')).toEqual(['https://a.com/x']);
    expect(urls('访问https://a.com/x了解更多')).toEqual(['https://a.com/x']);
    expect(urls('维基：https://zh.wikipedia.org/wiki/华为。')).toEqual(['https://zh.wikipedia.org/wiki/%E5%8D%8E%E4%B8%BA']);
  });

  it('strips trailing punctuation, brackets and Markdown syntax', () => {
    expect(urls('（https://a.com/x）、【https://b.com/y】，**https://c.com/z**.')).toEqual([
      'https://a.com/x',
      'https://b.com/y',
      'https://c.com/z',
    ]);
    expect(urls('see https://en.wikipedia.org/wiki/Mercury_(bank).')).toEqual(['https://en.wikipedia.org/wiki/Mercury_(bank)']);
  });

  it('normalises host case, default ports, fragments and tracking parameters', () => {
    expect(normalizeUrl('HTTPS://WWW.A.COM:443/P?utm_source=x&id=1&gclid=2#top')).toBe('https://www.a.com/P?id=1');
    expect(normalizeUrl('www.a.com/x')).toBe('https://www.a.com/x');
    expect(normalizeUrl('ftp://a.com/x')).toBeNull();
    expect(normalizeUrl('not a url')).toBeNull();
  });

  it('labels the source and deduplicates, first occurrence first', () => {
    const found = extractCitations('[t](https://a.com/x) and https://a.com/x#y, <https://b.com>\n\n[r]: https://c.com/', ['https://a.com/x', 'https://d.org/']);
    expect(found.map((c) => [c.url, c.source])).toEqual([
      ['https://a.com/x', 'link'],
      ['https://b.com/', 'link'],
      ['https://c.com/', 'link'],
      ['https://d.org/', 'platform'],
    ]);
  });

  it('uses the registrable domain and the [n] marker sentence for platform citations', () => {
    const [c] = extractCitations('First claim [1]. Second.', ['https://news.bbc.co.uk/a']);
    expect(c).toEqual({ url: 'https://news.bbc.co.uk/a', domain: 'bbc.co.uk', context: 'First claim [1].', source: 'platform' });
    expect(extractCitations('无标记', ['https://a.com/'])[0]?.context).toBe('');
  });

  it('skips bare domains, e-mails and file names', () => {
    expect(urls('README.md, setup.py, huawei.com and a@b.com')).toEqual([]);
  });
});
