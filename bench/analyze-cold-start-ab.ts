/**
 * Cold start of `sightline analyze`, two builds interleaved (bench/README.md, Session 6): each
 * iteration runs `node -e ""`, then the English and the Chinese answer of analyze-cold-start.ts on
 * the old and the new build, so a shared machine's load swings hit every row alike. Prints the
 * medians, their ratio to the floor, and the per-iteration new/old ratio.
 *   npx tsx bench/analyze-cold-start-ab.ts --old <dir with an old dist/> [--new .] [--runs 25]
 * (An old build: `git worktree add`/`git archive` the commit, then `npm run build` or
 * `npx tsc -p tsconfig.build.json && node dist/src/analysis/build-zh-dict.js &&
 * node dist/src/cli/build-analyze-bundle.js` there (the last makes the code-cached bundle,
 * Session 7), with a node_modules beside it.)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { old: { type: 'string' }, new: { type: 'string', default: '.' }, runs: { type: 'string', default: '25' } } });
if (values.old === undefined) throw new Error('--old <dir> is required');
const runs = Number(values.runs);
const en = '## Best note apps\n1. **Notion** — all-in-one workspace [1](https://notion.so)\n2. **Obsidian** — local-first';
const zh = '推荐手机：\n1. **华为 Mate 60**：拍照出色\n2. 小米 14：性价比高，详见https://www.mi.com/。';
const analyze = (root: string, args: string[], input: string) => () =>
  spawnSync(process.execPath, [resolve(root, 'dist/src/main.js'), 'analyze', ...args], { input });
const rows: Record<string, () => ReturnType<typeof spawnSync>> = {
  floor: () => spawnSync(process.execPath, ['-e', '']),
  'old en': analyze(values.old, ['--brand', 'Notion', '--competitor', 'Obsidian'], en),
  'new en': analyze(values.new, ['--brand', 'Notion', '--competitor', 'Obsidian'], en),
  'old zh': analyze(values.old, ['--brand', '华为', '--competitor', '小米|Xiaomi'], zh),
  'new zh': analyze(values.new, ['--brand', '华为', '--competitor', '小米|Xiaomi'], zh),
};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(rows).map((k) => [k, []]));
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const load0 = load();
for (let i = 0; i < runs; i++) {
  for (const [k, run] of Object.entries(rows)) {
    const started = performance.now();
    const r = run();
    times[k]!.push(performance.now() - started);
    if (r.status !== 0) throw new Error(`${k}: exit ${r.status}: ${r.stderr}`);
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const floor = median(times.floor!);
console.log(`runs ${runs}, load average ${load0} → ${load()}`);
for (const [k, xs] of Object.entries(times)) console.log(`${k.padEnd(7)} median ${Math.round(median(xs))} ms, ${(median(xs) / floor).toFixed(2)}× floor`);
for (const l of ['en', 'zh']) {
  const ratio = median(times[`new ${l}`]!.map((x, i) => x / times[`old ${l}`]![i]!));
  console.log(`${l}: new/old per iteration, median ${ratio.toFixed(2)}`);
}
