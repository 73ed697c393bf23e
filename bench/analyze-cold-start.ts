/**
 * Cold start of `sightline analyze` (issue #12: ≤ 300 ms median): spawn the built CLI N times
 * with one answer on stdin and time spawn → exit. Measures an English answer (no segmenter) and
 * a Chinese answer (the segmenter's dictionary loads on the first Chinese name), and `--jsonl`
 * over 1,000 lines in one process.
 *   npx tsc -p tsconfig.build.json && npx tsx bench/analyze-cold-start.ts [--runs 15]
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);

function time(args: string[], input: string, verb = 'analyze'): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, ['dist/src/main.js', ...(verb === '' ? [] : [verb]), ...args], { input, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`exit ${r.status}: ${r.stderr}`);
  return ms;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const en = '## Best note apps\n1. **Notion** — all-in-one workspace [1](https://notion.so)\n2. **Obsidian** — local-first';
const zh = '推荐手机：\n1. **华为 Mate 60**：拍照出色\n2. 小米 14：性价比高，详见https://www.mi.com/。';
const results: Record<string, number> = {};
for (const [label, args, input] of [
  ['node -e "" (floor)', null, ''],
  ['full program for comparison (sightline --version loads every verb)', ['--version'], ''],
  ['analyze, English answer', ['--brand', 'Notion', '--competitor', 'Obsidian'], en],
  ['analyze, Chinese answer', ['--brand', '华为', '--competitor', '小米|Xiaomi'], zh],
] as const) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (args === null) {
      const t = performance.now();
      spawnSync(process.execPath, ['-e', '']);
      times.push(performance.now() - t);
    } else times.push(args[0] === '--version' ? time([...args], input, '') : time([...args], input));
  }
  results[label] = Math.round(median(times));
}
const lines = Array.from({ length: 1000 }, (_, i) => JSON.stringify({ id: i, text: i % 2 === 0 ? en : zh, brand: i % 2 === 0 ? 'Notion' : '华为' })).join('\n');
const bulk = time(['--jsonl'], lines);
console.log(JSON.stringify({ runs, medianMs: results, jsonl1000Ms: Math.round(bulk) }));
for (const [k, v] of Object.entries(results)) console.log(`${k}: median ${v} ms`);
console.log(`--jsonl, 1,000 answers in one process: ${Math.round(bulk)} ms (${(bulk / 1000).toFixed(2)} ms/answer incl. start)`);
