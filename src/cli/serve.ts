import { Command } from 'commander';
import { readConfig } from '../config.js';
import { createLogger } from '../lib/logger.js';
import { run, stopOnSignals, type Role } from './runtime.js';

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

export function roleCommand(role: Role): Command {
  return new Command(role).description(DESCRIPTIONS[role]).action(async () => {
    const config = readConfig();
    const log = createLogger({ level: config.logLevel });
    const running = await run(role, config, log);
    stopOnSignals(running, log);
    process.stderr.write(`${banner(role, running.url, running.container.database.where, config.platformsMode)}\n`);
  });
}
