#!/usr/bin/env node
/**
 * CLI entry: `sightline <start|serve|worker|migrate|account|key|analyze|reanalyze|simulate|mcp>`.
 *
 * `analyze` takes a lean path: it loads only commander and the analysis engine, never the server,
 * the database or Fastify, so bulk use starts fast (bench/analyze-cold-start.ts). Every other
 * verb loads the full program (src/cli/program.ts).
 */
import { Command, CommanderError } from 'commander';

if (process.argv[2] === 'analyze') {
  const { analyzeCommand } = await import('./cli/analyze.js');
  const program = new Command('sightline').exitOverride().addCommand(analyzeCommand());
  await program.parseAsync(process.argv).catch((error: unknown) => {
    if (error instanceof CommanderError) process.exit(error.exitCode);
    process.stderr.write(`sightline: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
} else {
  const { buildProgram, fail } = await import('./cli/program.js');
  await buildProgram().parseAsync(process.argv).catch(fail);
}
