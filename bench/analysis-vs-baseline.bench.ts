/**
 * The current engine against a baseline engine in ONE run (the machine is shared and noisy, so
 * only ratios measured together mean anything). Same corpus and 20 names as analysis.bench.ts.
 * The baseline is an older engine extracted from git:
 *   rm -rf node_modules/.baseline && mkdir -p node_modules/.baseline &&
 *   git archive <commit> src/analysis | tar -x -C node_modules/.baseline
 *   npx vitest bench --run bench/analysis-vs-baseline.bench.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bench, describe } from 'vitest';
import { createAnalyzer } from '../src/analysis/index.js';

const FIXTURES = join(import.meta.dirname, '../test/fixtures/analysis');
const answers = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Array<{ text: string | string[] }>)
  .map((fx) => (Array.isArray(fx.text) ? fx.text.join('\n') : fx.text));
const corpus: string[] = [];
for (let i = 0, bytes = 0; bytes < 1_000_000; i++) {
  corpus.push(answers[i % answers.length]!);
  bytes += Buffer.byteLength(answers[i % answers.length]!, 'utf8');
}
const brand = { name: '华为', aliases: ['HUAWEI'] };
const competitors = [
  { name: '小米', aliases: ['Xiaomi', 'Redmi'] },
  { name: '苹果', aliases: ['Apple', 'iPhone'] },
  { name: 'OPPO', aliases: ['一加', 'OnePlus'] },
  { name: 'vivo', aliases: ['iQOO'] },
  { name: '荣耀', aliases: ['HONOR'] },
  { name: '三星', aliases: ['Samsung'] },
  { name: '魅族' },
  { name: '真我', aliases: ['realme'] },
];
const current = createAnalyzer(brand, { competitors });
const baselinePath = join(import.meta.dirname, '../node_modules/.baseline/src/analysis/index.ts');
const baseline = existsSync(baselinePath)
  ? ((await import(baselinePath)) as typeof import('../src/analysis/index.js')).createAnalyzer(brand, { competitors })
  : null;

describe('analysis throughput, 1 MB corpus, 20 names (hz = MB/s)', () => {
  bench('current engine (segmentation on)', () => {
    for (const text of corpus) current.analyze(text);
  }, { time: 6_000, warmupIterations: 2 });
  if (baseline !== null) {
    bench('baseline engine', () => {
      for (const text of corpus) baseline.analyze(text);
    }, { time: 6_000, warmupIterations: 2 });
  }
});
