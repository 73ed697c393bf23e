import { Command, InvalidArgumentError } from 'commander';
import { readConfig } from '../config.js';
import { createLogger } from '../lib/logger.js';
import { run, stopOnSignals, type Role } from './runtime.js';
import { superviseWorkers } from './worker-processes.js';

const DESCRIPTIONS: Record<Role, string> = {
  start: 'Migrate, then serve the API and dashboard and run the worker and scheduler in one process',
  serve: 'Serve the HTTP API and dashboard only (run workers separately with `sightline worker`)',
  worker: 'Run background jobs and the scheduler only (no HTTP)',
};

function banner(role: Role, url: string | undefined, where: string, mode: string): string {
  const lines = [`Sightline ${role} is running (database: ${where}, platforms: ${mode}).`];
  if (url) {
    const base = url.replace('127.0.0.1', 'localhost');
    lines.push(`  Dashboard:   ${base}/`, `  Health:      ${base}/api/health`, `  API docs:    ${base}/api/v1/openapi.json`);
    lines.push('  Create an account: npm run --silent sightline -- account create --email you@example.com --password ...');
  }
  lines.push('Stop with Ctrl+C.');
  return lines.join('\n');
}

function processCount(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 64) throw new InvalidArgumentError('--processes must be an integer from 1 to 64');
  return Number(raw);
}

export function roleCommand(role: Role): Command {
  const command = new Command(role).description(DESCRIPTIONS[role]);
  if (role === 'worker') {
    command.option('--processes <n>', 'run N worker processes sharing the queue (PostgreSQL only)', processCount, 1);
  }
  return command.action(async (options: { processes?: number }) => {
    const config = readConfig();
    const log = createLogger({ level: config.logLevel });
    if (role === 'worker' && (options.processes ?? 1) > 1) {
      const supervised = superviseWorkers(options.processes!, config, log);
      process.stderr.write(`Sightline worker: ${options.processes} processes sharing one queue. Stop with Ctrl+C.\n`);
      await supervised;
      return;
    }
    const running = await run(role, config, log);
    stopOnSignals(running, log);
    process.stderr.write(`${banner(role, running.url, running.container.database.where, config.platformsMode)}\n`);
  });
}
