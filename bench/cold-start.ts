/**
 * Cold `npm start` to the first successful /api/health on the embedded database, from a fresh
 * data directory, after `npm ci` (which builds dist/). Runs the same start N times.
 *   npm run build && npx tsx bench/cold-start.ts [--runs 5]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createServer } from 'node:net';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function once(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-cold-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/src/main.js', 'start'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 30_000) throw new Error('no healthy answer within 30 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

const times: number[] = [];
for (let i = 0; i < Number(values.runs); i++) times.push(await once());
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
console.log(JSON.stringify({ runs: times.map(Math.round), medianMs: Math.round(median), maxMs: Math.round(times.at(-1)!) }));
console.log(`cold start to first healthy /api/health: median ${Math.round(median)} ms (bar: < 3000 ms)`);
