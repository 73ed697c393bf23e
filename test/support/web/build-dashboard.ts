/**
 * Builds the SPA into dist/web once per test run, from vitest's global setup. Not per test file:
 * files run in parallel processes, and Vite empties dist/web before it writes, so a second build
 * while another file's browser loads the page left that page blank (seen in CI on the second run).
 */
import { execFileSync } from 'node:child_process';
import { fromRoot } from '../../../src/lib/paths.js';

export function buildDashboard(): void {
  execFileSync(process.execPath, [fromRoot('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', fromRoot('web', 'vite.config.ts'), '--logLevel', 'warn'], {
    cwd: fromRoot(),
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'pipe',
    timeout: 240_000,
  });
}
