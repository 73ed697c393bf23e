#!/usr/bin/env node
/**
 * CLI entry: `sightline <start|serve|worker|migrate|account|key|analyze|reanalyze|simulate|mcp>`.
 *
 * `analyze` takes a lean path: it loads only the analysis engine, never the server, the database
 * or Fastify, so bulk use starts fast (bench/analyze-cold-start.ts); a plain command line is read
 * without commander (`plainAnalyzeOptions`), anything else (--help, a bad option) goes through
 * commander for its help and errors. Its code comes from the build's code-cached bundle when there
 * is a current one (cli/analyze-bundle.ts). Every other verb loads the full program (src/cli/program.ts).
 */
const failAnalyze = (error: unknown): never => {
  process.stderr.write(`sightline: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
};

if (process.argv[2] === 'analyze') {
  // Regular expressions straight to machine code. By default V8 first runs each one through its
  // bytecode interpreter, and generating that bytecode is slow for the engine's large word
  // alternations (Node 20: sense.ts's EN_BRAND_NEAR ~20 ms, sense-en.ts's OTHER_APPOSITIVE ~5 ms,
  // against ~3 and ~0.5 ms as machine code), which a single answer pays on its first analysis
  // (bench/README.md, Session 7). Same matches either way (bench/analysis-golden.ts, byte-identical);
  // the flag is read when a regular expression is first compiled, so it must be set before the
  // engine runs one. Only this verb: the server's and workers' processes are left as they were.
  (await import('node:v8')).setFlagsFromString('--no-regexp-tier-up');
  // The same module, from the build's one-file bundle and V8 code cache when they are there and
  // current (cli/analyze-bundle.ts: it saves most of the compiling), else as ES modules.
  const { loadAnalyzeBundle } = await import('./cli/analyze-bundle.js');
  const { analyzeCommand, plainAnalyzeOptions, runAnalyze } = loadAnalyzeBundle() ?? (await import('./cli/analyze.js'));
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
