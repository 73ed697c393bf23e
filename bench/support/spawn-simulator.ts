import { spawn } from 'node:child_process';
import { once } from 'node:events';

/** Starts bench/support/simulator-process.ts in its own process; resolves with its URL. */
export async function spawnSimulator(latencyMs: number): Promise<{ url: string; pid: number; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/simulator-process.ts', String(latencyMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const { url } = JSON.parse(line.toString()) as { url: string };
  return { url, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}
