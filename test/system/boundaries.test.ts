/**
 * The dependency rules of docs/architecture.md, checked on every `npm test`: the domain
 * (features, jobs, platforms, analysis) knows nothing of HTTP, and features share data through
 * services, never through each other's repositories.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = join(ROOT, 'src');

interface Import {
  /** The importing file, relative to the repository root. */
  file: string;
  /** The specifier as written. */
  specifier: string;
  /** A relative specifier resolved against the repository root; the specifier itself otherwise. */
  target: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Static imports and re-exports, `import type` included, and dynamic `import('…')`. */
const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s[^'"]*?\sfrom\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(path: string): Import[] {
  const text = readFileSync(path, 'utf8');
  const file = relative(ROOT, path);
  return [...text.matchAll(IMPORT_RE)].map((m) => {
    const specifier = (m[1] ?? m[2])!;
    const target = specifier.startsWith('.') ? relative(ROOT, resolve(dirname(path), specifier)) : specifier;
    return { file, specifier, target };
  });
}

const ALL = sourceFiles(SRC).flatMap(importsOf);

const describeImport = (i: Import) => `${i.file} imports ${i.specifier}`;

describe('dependency rules', () => {
  it('sees the imports it checks', () => {
    // Guards the regular expression: a rule over no imports would pass vacuously.
    expect(ALL.length).toBeGreaterThan(500);
    expect(ALL.some((i) => i.file === 'src/app.ts' && i.specifier === 'fastify')).toBe(true);
  });

  it('the domain does not import HTTP: no fastify and no src/http or src/api under features, jobs, platforms, analysis', () => {
    const domain = /^src\/(features|jobs|platforms|analysis)\//;
    const http = (i: Import) => i.target === 'fastify' || i.target.startsWith('@fastify/') || /^src\/(http|api)\//.test(i.target);
    const offending = ALL.filter((i) => domain.test(i.file) && http(i)).map(describeImport);
    expect(offending).toEqual([]);
  });

  it('the domain, jobs, database and lib never import the composition root, the app or the CLI: they get dependencies injected', () => {
    const inner = /^src\/(features|jobs|platforms|analysis|lib|db)\//;
    const root = (i: Import) => /^src\/(container|app|main)\.js$/.test(i.target) || i.target.startsWith('src/cli/');
    const offending = ALL.filter((i) => inner.test(i.file) && root(i)).map(describeImport);
    expect(offending).toEqual([]);
  });

  it("a feature reads another feature's data through its service: no features/A imports features/B/*.repo.ts", () => {
    const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1];
    const offending = ALL.filter((i) => {
      const from = featureOf(i.file);
      const to = featureOf(i.target);
      return from !== undefined && to !== undefined && from !== to && /\.repo\.js$/.test(i.target);
    }).map(describeImport);
    expect(offending).toEqual([]);
  });

  it('one surface does not import another: src/api/v1 and src/api/legacy share through src/http or the features', () => {
    const surfaceOf = (path: string) => /^src\/api\/(v1|legacy)\//.exec(path)?.[1];
    const offending = ALL.filter((i) => {
      const from = surfaceOf(i.file);
      const to = surfaceOf(i.target);
      return from !== undefined && to !== undefined && from !== to;
    }).map(describeImport);
    expect(offending).toEqual([]);
  });
});
