/**
 * Runs the account, key and member verbs exactly as `sightline` wires them, without the rest of the
 * CLI (tests spawn it: `node --import tsx test/support/cli.ts account create …`).
 */
import { Command } from 'commander';
import { accountCommand } from '../../src/cli/account.js';
import { keyCommand } from '../../src/cli/key.js';
import { memberCommand } from '../../src/cli/member.js';

const program = new Command('sightline').exitOverride();
program.addCommand(accountCommand());
program.addCommand(keyCommand());
program.addCommand(memberCommand());
program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof Error && 'exitCode' in error) process.exit(Number(error.exitCode));
  process.stderr.write(`sightline: ${String(error)}\n`);
  process.exit(1);
});
