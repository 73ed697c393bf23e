/**
 * The Chinese segmenter reads each analyzer's answers with that analyzer's tracked names only
 * (zh-words.ts): the same answer and the same brand give the same analysis whatever other
 * tenants' analyzers this process built before, and the cuts are jieba's own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { BrandTarget } from './types.js';
import { trimmedDictionary, ZhWords } from './zh-words.js';

const TENANT_A: BrandTarget = { name: '华为', aliases: ['HUAWEI'] };
const A_COMPETITORS: BrandTarget[] = [{ name: '小米' }, { name: '京东' }];
const ANSWERS = [
  '华为手表好看',
  '小米手环也不错',
  '京东方面表示，华为和小米的新品都会在京东首发',
  '中华为人民服务',
  '推荐华为Mate 60，京东有货',
];
/** Other tenants' names, each chosen to cut tenant A's answers differently if it leaked in (为手表 makes 华|为手表). */
const OTHER_TENANTS: BrandTarget[][] = [
  [{ name: '为手表' }],
  [{ name: '京东方' }, { name: '米家' }],
  [{ name: '王者荣耀' }, { name: '华为人' }],
];

async function freshIndex(): Promise<typeof import('./index.js')> {
  vi.resetModules();
  return import('./index.js');
}

describe('Chinese segmentation per analyzer', () => {
  it("reads tenant A's answers identically alone and after other tenants' analyzers ran in the same process", async () => {
    const alone = await freshIndex();
    const expected = ANSWERS.map((t) => alone.createAnalyzer(TENANT_A, { competitors: A_COMPETITORS }).analyze(t));

    const shared = await freshIndex();
    for (const targets of OTHER_TENANTS) {
      const other = shared.createAnalyzer(targets[0]!, { competitors: targets.slice(1) });
      for (const t of ANSWERS) other.analyze(t);
    }
    const afterOthers = ANSWERS.map((t) => shared.createAnalyzer(TENANT_A, { competitors: A_COMPETITORS }).analyze(t));
    expect(afterOthers).toEqual(expected);
    // The reading itself: 华为 is a whole word in 华为手表, not cut by another tenant's 为手表.
    expect(expected[0]!.mentioned).toBe(true);
    expect(expected[3]!.mentioned).toBe(false);
  });

  it("keeps one analyzer's names out of another's cuts within one module state", () => {
    const mine = new ZhWords(['华为']);
    const theirs = new ZhWords(['华为', '为手表']);
    expect(theirs.wordAt('华为手表好看', 0, 2).fit).toBe('crosses');
    expect(mine.wordAt('华为手表好看', 0, 2)).toEqual({ word: '华为', fit: 'word', start: 0 });
  });

  it("cuts exactly as @node-rs/jieba with the same dictionary and names, on the labelled answers' Chinese runs", () => {
    const names = [
      '华为',
      '小米',
      '苹果',
      '一加',
      '荣耀',
      '三星',
      '大众',
      '长安',
      '中兴',
      '方太',
      '美的',
      '理想',
      '京东',
      '小红书',
      '比亚迪',
      '蔚来',
    ];
    const require = createRequire(import.meta.url);
    const { Jieba } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const dict = Buffer.from(trimmedDictionary());
    const plain = Jieba.withDict(dict);
    const named = Jieba.withDict(dict);
    named.loadDict(Buffer.from(names.map((n) => `${n} 2000 nz`).join('\n')));
    const ours = new ZhWords(names);
    // Training fixtures only (the top level of the directory; the holdout sets live in subdirectories).
    const dir = join(import.meta.dirname, '../../test/fixtures/analysis');
    const texts = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Array<{ text: string | string[] }>)
      .map((fx) => (Array.isArray(fx.text) ? fx.text.join('\n') : fx.text));
    let windows = 0;
    for (const text of texts) {
      for (const run of text.match(/[\u3400-\u9fffa-z0-9]{2,}/gi) ?? []) {
        for (let k = 0; k < run.length - 1; k += 7) {
          const s = run.slice(k, k + 30);
          expect(ours.cut(s, true), s).toEqual(named.cut(s, false));
          expect(ours.cut(s, false), s).toEqual(plain.cut(s, false));
          windows++;
        }
      }
    }
    expect(windows).toBeGreaterThan(1000);
  });
});
