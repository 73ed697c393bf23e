import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests run the client from its source (tsc resolves it the same way: customConditions in tsconfig.json).
  resolve: { alias: [{ find: /^@sightline\/client$/, replacement: fileURLToPath(new URL('./packages/client/src/index.ts', import.meta.url)) }] },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/client/test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    exclude: ['node_modules', 'dist', 'web'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores on the reference machine: more workers only add contention.
    maxWorkers: 2,
  },
});
