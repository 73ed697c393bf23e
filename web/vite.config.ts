/** Builds the dashboard SPA into dist/web, which src/http/dashboard.ts serves. */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url));

/**
 * Writes .br and .gz next to each built asset once, at build time: @fastify/static serves them
 * (preCompressed) to browsers that accept them, so the server never compresses per request.
 */
function precompress(): Plugin {
  return {
    name: 'sightline-precompress',
    apply: 'build',
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = join(assets, name);
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [react(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    // The report of gzipped sizes is what bench/README.md records.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 400,
  },
  server: {
    // `npx vite --config web/vite.config.ts` during development: API calls go to a running Sightline.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
