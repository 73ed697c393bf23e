import { describe, expect, it } from 'vitest';
import { instantiate, loadAnalyzeBundle } from './analyze-bundle.js';

// The bundle and its cache are build products (npm run build; bench/README.md, Session 7, checks
// that the built bundle's output is byte-identical to the modules'). Here: the fallbacks.
describe('analyze bundle loader', () => {
  it('finds no bundle next to the sources, so main.ts imports the modules', () => {
    expect(loadAnalyzeBundle()).toBeNull();
  });

  it('runs a script whose code cache V8 rejects (another Node, other flags) by compiling it', () => {
    const source = 'module.exports.runAnalyze = () => __importMetaUrl;';
    const { script, lean } = instantiate(source, Buffer.from('not a V8 code cache'));
    expect(script.cachedDataRejected).toBe(true);
    expect(String((lean.runAnalyze as unknown as () => string)())).toMatch(/^file:.*\/analysis\/index\.js$/);
  });
});
