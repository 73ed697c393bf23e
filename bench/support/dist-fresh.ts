/**
 * A benchmark that runs the compiled worker (dist/src, as `node dist/src/main.js` does in
 * production) must not measure yesterday's build: every src/**.ts (tests aside) needs its
 * dist/src/**.js at least as new. If one is missing or older, builds with
 * `npx tsc -p tsconfig.build.json` first, and fails clearly if that fails.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function staleFiles(root: string): string[] {
  const stale: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
        const built = join(root, 'dist', relative(root, path)).replace(/\.ts$/, '.js');
        let builtAt = 0;
        try {
          builtAt = statSync(built).mtimeMs;
        } catch {}
        if (builtAt < statSync(path).mtimeMs) stale.push(relative(root, path));
      }
    }
  };
  walk(join(root, 'src'));
  return stale;
}

export function ensureFreshDist(root = process.cwd()): void {
  const stale = staleFiles(root);
  if (stale.length === 0) return;
  console.error(`bench: dist/src is older than src (${stale.length} files, e.g. ${stale[0]}): building with npx tsc -p tsconfig.build.json`);
  try {
    execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  } catch {
    console.error('bench: the build failed; the worker would run stale code from dist/src. Fix the build, or pass --worker-code src.');
    process.exit(2);
  }
  const still = staleFiles(root);
  if (still.length > 0) {
    console.error(`bench: dist/src is still older than src after building (e.g. ${still[0]}); not measuring stale code.`);
    process.exit(2);
  }
}
