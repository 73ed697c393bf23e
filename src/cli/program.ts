/** The full CLI program (every verb); main.ts loads it for all verbs but `analyze`. */
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { DataDirLockedError } from '../db/datadir-lock.js';
import { migrateCommand } from './migrate.js';
import { roleCommand } from './serve.js';
import { analyzeCommand } from './analyze.js';
import { reanalyzeCommand } from './reanalyze.js';
import { simulateCommand } from './simulate.js';
import { accountCommand } from './account.js';
import { keyCommand } from './key.js';
import { memberCommand } from './member.js';
import { mcpCommand } from './mcp.js';
import { ProcessesNeedPostgresError } from './worker-processes.js';
import { buildInfo } from '../lib/build-info.js';

export function buildProgram(): Command {
  const program = new Command('sightline')
    .description('Sightline: brand visibility across LLM platforms')
    .version(buildInfo().id)
    .showHelpAfterError()
    .exitOverride();
  program.addCommand(roleCommand('start'), { isDefault: false });
  program.addCommand(roleCommand('serve'));
  program.addCommand(roleCommand('worker'));
  program.addCommand(migrateCommand());
  program.addCommand(accountCommand());
  program.addCommand(keyCommand());
  program.addCommand(memberCommand());
  program.addCommand(analyzeCommand());
  program.addCommand(reanalyzeCommand());
  program.addCommand(simulateCommand());
  program.addCommand(mcpCommand());
  return program;
}

/** Known failures end with one clear line on stderr and a non-zero exit, never a stack. */
export function fail(error: unknown): never {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof ProcessesNeedPostgresError) {
    process.stderr.write(`sightline: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`sightline: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

