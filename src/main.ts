#!/usr/bin/env node
/**
 * CLI entry: `sightline <start|serve|worker|migrate|account|key|analyze|reanalyze|simulate|mcp>`.
 *
 * `analyze` takes a lean path: it loads only the analysis engine, never the server, the database
 * or Fastify, so bulk use starts fast (bench/analyze-cold-start.ts); a plain command line is read
 * without commander (`plainAnalyzeOptions`), anything else (--help, a bad option) goes through
 * commander for its help and errors. Every other verb loads the full program (src/cli/program.ts).
 */
const failAnalyze = (error: unknown): never => {
  process.stderr.write(`sightline: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
};

if (process.argv[2] === 'analyze') {
  const { analyzeCommand, plainAnalyzeOptions, runAnalyze } = await import('./cli/analyze.js');
  const options = plainAnalyzeOptions(process.argv.slice(3));
  if (options !== null) await runAnalyze(options).catch(failAnalyze);
  else {
    const { Command, CommanderError } = await import('commander');
    const program = new Command('sightline').exitOverride().addCommand(analyzeCommand());
    await program.parseAsync(process.argv).catch((error: unknown) => {
      if (error instanceof CommanderError) process.exit(error.exitCode);
      failAnalyze(error);
    });
  }
} else {
  const { buildProgram, fail } = await import('./cli/program.js');
  await buildProgram().parseAsync(process.argv).catch(fail);
}
