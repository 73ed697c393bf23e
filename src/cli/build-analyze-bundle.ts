/**
 * Build step (`npm run build`, after tsc): bundle `sightline analyze`'s lean path into one script
 * and make its V8 code cache (analyze-bundle.ts says why and how it is loaded).
 *   node dist/src/cli/build-analyze-bundle.js
 * Writes dist/src/cli/analyze.bundle.cjs, analyze.bundle.cache (V8 code cache; tied to this Node's
 * V8 version and flags, rejected and ignored by any other) and analyze.bundle.inputs.json.
 *
 * The cache is taken after analysing sample answers (English and Chinese, plain, --explain and
 * --jsonl), so it holds the functions a first analysis compiles lazily, not only the top level.
 * Nothing is downloaded; esbuild is a devDependency (it is only needed to build).
 */
import { statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { build } from 'esbuild';
import { BUNDLE_FILE, CACHE_FILE, INPUTS_FILE, instantiate, ROOT, type LeanAnalyze } from './analyze-bundle.js';

// The cache is only accepted by a process with the same V8 flags: main.ts sets this one for
// `analyze` before it loads the bundle, so it must be set here before the script is compiled.
setFlagsFromString('--no-regexp-tier-up');

const entry = resolve(dirname(BUNDLE_FILE), 'analyze.js');
const result = await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  write: false,
  // Input paths relative to the project root and through node_modules as installed (not the
  // symlink's target), as analyze-bundle.ts checks them.
  absWorkingDir: ROOT,
  preserveSymlinks: true,
  metafile: true,
  logLevel: 'warning',
  // `createRequire(import.meta.url)` (tldts, the word lists, commander) and zh-dict.txt resolve
  // from the URL analyze-bundle.ts passes in; esbuild would otherwise leave import.meta empty.
  define: { 'import.meta.url': '__importMetaUrl' },
  // tldts stays out: citations.ts loads it with createRequire on the first citation, which esbuild
  // leaves alone. Bundled (and so in the code cache, twice the size) it measured ~6% slower for an
  // answer without a URL and no faster for one with a URL (bench/README.md, Session 7).
});
const source = result.outputFiles[0]!.text;
const inputs = Object.keys(result.metafile.inputs).map((file) => {
  const s = statSync(resolve(ROOT, file));
  return [file, s.size, s.mtimeMs] as const;
});

const { script, lean } = instantiate(source);
await warmUp(lean);
const cache = script.createCachedData();

writeFileSync(BUNDLE_FILE, source);
writeFileSync(CACHE_FILE, cache);
writeFileSync(INPUTS_FILE, `${JSON.stringify(inputs)}\n`);
process.stdout.write(`analyze bundle: ${inputs.length} inputs, ${(source.length / 1024).toFixed(0)} kB source, ${(cache.length / 1024).toFixed(0)} kB code cache\n`);

async function warmUp(cli: LeanAnalyze): Promise<void> {
  const en = '## Best note apps\n1. **Notion** — all-in-one workspace [1](https://notion.so)\n2. **Obsidian** — local-first, great for Markdown notes. Notion is better for teams.';
  const zh = '推荐手机：\n1. **华为 Mate 60**：拍照出色\n2. 小米 14：性价比高，详见https://www.mi.com/。';
  const io = (text: string) => ({ readInput: async () => text, write: () => {} });
  for (const explain of [false, true]) {
    await cli.runAnalyze({ brand: 'Notion', competitor: ['Obsidian'], explain }, io(en));
    await cli.runAnalyze({ brand: '华为', competitor: ['小米|Xiaomi'], explain }, io(zh));
  }
  const lines = [JSON.stringify({ text: en, brand: 'Notion', competitors: ['Obsidian'] }), JSON.stringify({ text: zh, brand: '华为' })];
  await cli.runAnalyze({ jsonl: true }, io(lines.join('\n')));
}
