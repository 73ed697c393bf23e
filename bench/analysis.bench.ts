/**
 * Analysis throughput: MB of answer text per second on one core, 20 tracked names (brand +
 * aliases + competitors). Corpus: every labelled fixture answer (test/fixtures/analysis), cycled
 * until it reaches 1 MB of UTF-8, analysed answer by answer with one compiled analyzer, exactly as
 * the probe pipeline does. Each bench iteration is one pass over the whole 1.00 MB corpus, so
 * vitest's hz column IS the throughput in MB/s (1000 / mean ms likewise).
 *
 *   npx vitest bench --run bench/analysis.bench.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bench, describe } from 'vitest';
import { createAnalyzer } from '../src/analysis/index.js';

const FIXTURES = join(import.meta.dirname, '../test/fixtures/analysis');
const answers: string[] = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Array<{ text: string | string[] }>)
  .map((fx) => (Array.isArray(fx.text) ? fx.text.join('\n') : fx.text));

const TARGET_BYTES = 1_000_000;
const corpus: string[] = [];
let bytes = 0;
for (let i = 0; bytes < TARGET_BYTES; i++) {
  const text = answers[i % answers.length]!;
  corpus.push(text);
  bytes += Buffer.byteLength(text, 'utf8');
}
const megabytes = bytes / 1e6;

// 20 names in total: 9 targets.
const analyzer = createAnalyzer(
  { name: '华为', aliases: ['HUAWEI'] },
  {
    competitors: [
      { name: '小米', aliases: ['Xiaomi', 'Redmi'] },
      { name: '苹果', aliases: ['Apple', 'iPhone'] },
      { name: 'OPPO', aliases: ['一加', 'OnePlus'] },
      { name: 'vivo', aliases: ['iQOO'] },
      { name: '荣耀', aliases: ['HONOR'] },
      { name: '三星', aliases: ['Samsung'] },
      { name: '魅族' },
      { name: '真我', aliases: ['realme'] },
    ],
  },
);

describe(`analysis throughput, 20 names, corpus ${megabytes.toFixed(2)} MB in ${corpus.length} answers`, () => {
  bench(
    'analyze 1 MB corpus (hz = MB/s)',
    () => {
      for (const text of corpus) analyzer.analyze(text);
    },
    { time: 5_000, warmupIterations: 2 },
  );
});
