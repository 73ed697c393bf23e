/**
 * `sightline analyze`'s lean path as ONE script with a V8 code cache, both made by `npm run build`
 * (build-analyze-bundle.ts). Most of a cold `analyze` was V8 compiling: ~30 ES modules parsed and
 * compiled at load, then, on the first analysis, every function the engine runs compiled lazily
 * (bench/README.md, Sessions 6–7). ES modules cannot take a code cache on Node 20 (no
 * `module.enableCompileCache`, which only Node 22+ has), but a `vm.Script` can: the build bundles
 * cli/analyze.js with the analysis engine and marked into one CommonJS function (esbuild), runs it
 * on sample answers, and saves `script.createCachedData()` taken AFTER that run, so the cache also
 * holds the lazily compiled functions. Here the script is compiled with that cache.
 *
 * Safe to be missing or stale, never wrong:
 * - no bundle (running from src/, or a build without this step): null, main.ts imports the modules;
 * - the bundle older than its inputs (dist/ rebuilt by `tsc` alone, a new marked): every input's
 *   size and mtime is recorded by the build and checked here (~30 stats), null on any difference;
 * - a cache from another Node/V8 version or flag set: V8 rejects it (`cachedDataRejected`) and
 *   compiles the source as usual — only slower.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import type * as AnalyzeModule from './analyze.js';

export type LeanAnalyze = Pick<typeof AnalyzeModule, 'analyzeCommand' | 'plainAnalyzeOptions' | 'runAnalyze'>;

/** Next to this file in dist/src/cli/. */
export const BUNDLE_FILE = fileURLToPath(new URL('./analyze.bundle.cjs', import.meta.url));
export const CACHE_FILE = fileURLToPath(new URL('./analyze.bundle.cache', import.meta.url));
export const INPUTS_FILE = fileURLToPath(new URL('./analyze.bundle.inputs.json', import.meta.url));
/** The project root (dist/src/cli/../../..): the recorded inputs' paths are relative to it. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * What the bundled modules see as `import.meta.url`: a file in dist/src/analysis/, so their
 * `createRequire(import.meta.url)` finds node_modules and zh-words.ts finds zh-dict.txt beside it,
 * as from their own files.
 */
const MODULE_URL = new URL('../analysis/index.js', import.meta.url).href;

/** The bundled source wrapped as a function of what a CommonJS module gets, and the URL above. */
export function wrapBundle(source: string): string {
  return `(function (require, module, exports, __importMetaUrl) {${source}\n})`;
}

/** The compiled script and the module it evaluates to. */
export function instantiate(source: string, cachedData?: Buffer): { script: Script; lean: LeanAnalyze } {
  const script = new Script(wrapBundle(source), { filename: BUNDLE_FILE, ...(cachedData === undefined ? {} : { cachedData }) });
  const module = { exports: {} as LeanAnalyze };
  (script.runInThisContext() as (...args: unknown[]) => void)(createRequire(BUNDLE_FILE), module, module.exports, MODULE_URL);
  return { script, lean: module.exports };
}

/**
 * Are the recorded inputs (path relative to the project root, size, mtime) unchanged? A copy of
 * dist/ that does not keep mtimes (`cp -r`; `cp -a` does) fails this too and runs the modules:
 * slower, not wrong.
 */
function inputsUnchanged(): boolean {
  const inputs = JSON.parse(readFileSync(INPUTS_FILE, 'utf8')) as Array<[string, number, number]>;
  for (const [file, size, mtimeMs] of inputs) {
    const s = statSync(resolve(ROOT, file), { throwIfNoEntry: false });
    if (s === undefined || s.size !== size || s.mtimeMs !== mtimeMs) return false;
  }
  return true;
}

/** The lean path from the bundle and its code cache, or null when there is no current bundle. */
export function loadAnalyzeBundle(): LeanAnalyze | null {
  let source: string;
  try {
    if (!inputsUnchanged()) return null;
    source = readFileSync(BUNDLE_FILE, 'utf8');
  } catch {
    return null;
  }
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(CACHE_FILE);
  } catch {
    cachedData = undefined;
  }
  return instantiate(source, cachedData).lean;
}
