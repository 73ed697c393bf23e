#!/usr/bin/env node
/** CLI entry: `sightline <start|serve|worker|migrate|account|key|analyze|simulate>`. */
import { Command, CommanderError } from 'commander';
import { ConfigError } from './config.js';
import { DataDirLockedError } from './db/datadir-lock.js';
import { migrateCommand } from './cli/migrate.js';
import { roleCommand } from './cli/serve.js';
import { analyzeCommand } from './cli/analyze.js';
import { simulateCommand } from './cli/simulate.js';
import { accountCommand } from './cli/account.js';
import { keyCommand } from './cli/key.js';
import { buildInfo } from './lib/build-info.js';

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
  program.addCommand(analyzeCommand());
  program.addCommand(simulateCommand());
  return program;
}

/** Known failures end with one clear line on stderr and a non-zero exit, never a stack. */
function fail(error: unknown): never {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`sightline: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`sightline: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

buildProgram().parseAsync(process.argv).catch(fail);
