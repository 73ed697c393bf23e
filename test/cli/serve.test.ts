import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `sightline start` as a user runs it: migrate, serve, answer health, stop cleanly on SIGTERM. */
describe('sightline start', () => {
  it('serves a healthy API on the embedded database and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-start-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'start'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let stderr = '';
      const base = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (c: Buffer) => {
          stderr += c;
          const match = /Health:\s+(http:\/\/\S+)\/api\/health/.exec(stderr);
          if (match) resolve(match[1]!);
        });
        child.on('exit', (code) => reject(new Error(`start exited (${code}): ${stderr}`)));
      });
      expect(stderr).toContain('platforms: simulate');
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { status: string }).status).toBe('ok');
      const status = (await (await fetch(`${base}/api/status`)).json()) as { llms: { up: number } };
      expect(status.llms.up).toBe(8);

      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
