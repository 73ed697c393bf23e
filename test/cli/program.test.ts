import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/client.js';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI from source, with only the given environment (plus PATH). */
function sightline(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the sightline CLI', () => {
  it('lists its verbs and has --help on each', async () => {
    const help = await sightline(['--help']);
    expect(help.code).toBe(0);
    for (const verb of ['start', 'serve', 'worker', 'migrate', 'analyze', 'reanalyze', 'simulate']) expect(help.stdout).toContain(verb);
    const verbHelp = await sightline(['migrate', '--help']);
    expect(verbHelp.code).toBe(0);
    expect(verbHelp.stdout).toMatch(/Usage: sightline migrate/);
  });

  it('stops on a bad setting with one line naming the variable', async () => {
    const res = await sightline(['migrate'], { PORT: 'abc' });
    expect(res.code).toBe(2);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toContain('Invalid PORT="abc"');
  });

  it('migrate prints one JSON object and nothing else on stdout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-cli-'));
    try {
      const res = await sightline(['migrate'], { DATA_DIR: dir });
      expect(res.code).toBe(0);
      expect(JSON.parse(res.stdout)).toMatchObject({ migrated: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a second process on the same embedded data directory, with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-lock-'));
    const held = await openDatabase({ dataDir: dir });
    try {
      const res = await sightline(['migrate'], { DATA_DIR: dir });
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('in use by another Sightline process');
      expect(res.stderr).toContain('PostgreSQL');
    } finally {
      await held.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sightline worker --processes', () => {
  it('refuses more than one process on the embedded database, with one clear line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-procs-'));
    try {
      const res = await sightline(['worker', '--processes', '2'], { DATA_DIR: dir });
      expect(res.code).toBe(2);
      expect(res.stderr.trim()).toBe('sightline: worker --processes N (N > 1) needs DATABASE_URL: the embedded database can be opened by one process only.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('rejects a process count that is not 1 to 64', async () => {
    const res = await sightline(['worker', '--processes', '0']);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('--processes must be an integer from 1 to 64');
  }, 60_000);
});
