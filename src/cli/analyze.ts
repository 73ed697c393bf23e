/**
 * `sightline analyze`: analyse one answer (Markdown on stdin) for a brand and its competitors and
 * print ONE JSON object on stdout (DESIGN.md §4). Nothing else is written to stdout.
 *
 * `--jsonl`: bulk mode. Each stdin line is one request `{"text", "brand"?, "aliases"?,
 * "competitors"?, "platformCitations"?, "id"?}` (brand and competitors default to the flags);
 * each output line is that request's analysis (with its `id`), or `{"line", "error"}` for a line
 * that is not a valid request; the run goes on. `--explain` adds every decision behind the
 * figures (sense decisions, rank entries) as `explain: [...]`.
 *
 * This module is on main.ts's lean path: it must not import the server, database or Fastify.
 */
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { createAnalyzer, type Analyzer, type AnswerAnalysis, type BrandTarget } from '../analysis/index.js';

export interface AnalyzeCliOptions {
  brand?: string;
  jsonl?: boolean;
  explain?: boolean;
  alias?: string[];
  competitor?: string[];
  website?: string;
  platform?: string;
}

/** Where the verb reads and writes; injectable so tests run it in-process. */
export interface AnalyzeIo {
  readInput(): Promise<string>;
  /** Lines of the input, streamed (bulk mode). */
  readLines?(): AsyncIterable<string>;
  write(chunk: string): void;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

const processIo: AnalyzeIo = {
  readInput: readStdin,
  readLines: () => createInterface({ input: process.stdin, crlfDelay: Infinity }),
  write: (chunk) => {
    process.stdout.write(chunk);
  },
};

/** "NAME|ALIAS|ALIAS" → a target; empty parts are ignored. */
export function parseCompetitor(spec: string): BrandTarget | null {
  const [name, ...aliases] = spec.split('|').map((s) => s.trim()).filter((s) => s.length > 0);
  return name === undefined ? null : { name, aliases };
}

/** The JSON shape of DESIGN.md §4. */
export function toCliJson(a: AnswerAnalysis): object {
  const sentiment = (s: AnswerAnalysis['sentiment']) => (s === null ? null : { label: s.label, score: s.score });
  return {
    mentioned: a.mentioned,
    position: a.position,
    rank: a.rank,
    sentiment: sentiment(a.sentiment),
    snippet: a.snippet,
    citations: a.citations.map((c) => ({ url: c.url, normalizedUrl: c.normalizedUrl, domain: c.domain })),
    competitors: a.competitors.map((c) => ({
      name: c.name,
      mentioned: c.mentioned,
      position: c.position,
      rank: c.rank,
      sentiment: sentiment(c.sentiment),
    })),
  };
}

function targetsFrom(options: AnalyzeCliOptions): { brand: BrandTarget; competitors: BrandTarget[] } | null {
  if (options.brand === undefined || options.brand.trim() === '') return null;
  return {
    brand: { name: options.brand, aliases: options.alias ?? [], website: options.website ?? null },
    competitors: (options.competitor ?? []).map(parseCompetitor).filter((c): c is BrandTarget => c !== null),
  };
}

function render(analyzer: Analyzer, text: string, explain: boolean, platformCitations?: string[]): Record<string, unknown> {
  if (!explain) return toCliJson(analyzer.analyze(text, platformCitations)) as Record<string, unknown>;
  const { analysis, decisions } = analyzer.explain(text, platformCitations);
  return { ...(toCliJson(analysis) as Record<string, unknown>), explain: decisions };
}

export async function runAnalyze(options: AnalyzeCliOptions, io: AnalyzeIo = processIo): Promise<object> {
  if (options.jsonl === true) return runJsonl(options, io);
  const targets = targetsFrom(options);
  if (targets === null) throw new Error("required option '--brand <name>' not specified");
  const text = await io.readInput();
  const result = render(createAnalyzer(targets.brand, { competitors: targets.competitors }), text, options.explain === true);
  io.write(`${JSON.stringify(result)}\n`);
  return result;
}

const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function targetOf(v: unknown): BrandTarget | null {
  if (typeof v === 'string') return parseCompetitor(v);
  if (v !== null && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string') {
    const t = v as { name: string; aliases?: unknown };
    return { name: t.name, aliases: asStrings(t.aliases) };
  }
  return null;
}

/** One request per line in, one analysis per line out; analyzers are compiled once per target set. */
async function runJsonl(options: AnalyzeCliOptions, io: AnalyzeIo): Promise<object> {
  const defaults = targetsFrom(options);
  const analyzers = new Map<string, Analyzer>();
  const lines = io.readLines?.() ?? (await io.readInput()).split('\n');
  let n = 0;
  let written = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === '') continue;
    let out: Record<string, unknown>;
    try {
      const req = JSON.parse(line) as Record<string, unknown>;
      if (typeof req.text !== 'string') throw new Error('"text" must be a string');
      const brand = req.brand === undefined ? (defaults?.brand ?? null) : targetOf(req.brand);
      if (brand === null) throw new Error('"brand" is required (in the line or as --brand)');
      if (req.brand !== undefined && Array.isArray(req.aliases)) brand.aliases = asStrings(req.aliases);
      const competitors = req.competitors === undefined ? (defaults?.competitors ?? []) : (Array.isArray(req.competitors) ? req.competitors : []).map(targetOf).filter((c): c is BrandTarget => c !== null);
      const key = JSON.stringify([brand, competitors]);
      let analyzer = analyzers.get(key);
      if (analyzer === undefined) {
        analyzer = createAnalyzer(brand, { competitors });
        analyzers.set(key, analyzer);
      }
      const result = render(analyzer, req.text, options.explain === true, asStrings(req.platformCitations));
      out = req.id === undefined ? result : { id: req.id, ...result };
    } catch (error) {
      out = { line: n, error: error instanceof Error ? error.message : String(error) };
    }
    io.write(`${JSON.stringify(out)}\n`);
    written++;
  }
  return { lines: n, written };
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** `analyzeCommand`'s options that take a value; `alias` and `competitor` repeat. */
const VALUE_OPTIONS: ReadonlyMap<string, 'brand' | 'website' | 'platform' | 'alias' | 'competitor'> = new Map([
  ['--brand', 'brand'],
  ['--website', 'website'],
  ['--platform', 'platform'],
  ['--alias', 'alias'],
  ['--competitor', 'competitor'],
] as const);

/**
 * The options of a plain `sightline analyze` command line (the arguments after the verb), read
 * without commander, whose load and parse are ~15 ms of a cold start (bench/README.md); null for
 * anything else (--help, an unknown or incomplete option, an option value that starts with "-",
 * an argument, no --brand without --jsonl), which main.ts hands to commander for its help and errors. For the
 * command lines it accepts, it gives the options commander's parse would.
 */
export function plainAnalyzeOptions(args: readonly string[]): AnalyzeCliOptions | null {
  const options: AnalyzeCliOptions = { alias: [], competitor: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--jsonl') options.jsonl = true;
    else if (arg === '--explain') options.explain = true;
    else {
      const eq = arg.indexOf('=');
      const key = VALUE_OPTIONS.get(eq < 0 ? arg : arg.slice(0, eq));
      const value = eq < 0 ? args[++i] : arg.slice(eq + 1);
      if (key === undefined || value === undefined || (eq < 0 && value.startsWith('-'))) return null;
      if (key === 'alias' || key === 'competitor') options[key] = collect(value, options[key]);
      else options[key] = value;
    }
  }
  return options.jsonl !== true && targetsFrom(options) === null ? null : options;
}

export function analyzeCommand(io: AnalyzeIo = processIo): Command {
  // Loaded here rather than imported: main.ts runs a plain command line without commander.
  const { Command } = createRequire(import.meta.url)('commander') as typeof import('commander');
  return new Command('analyze')
    .description(
      'Analyse one LLM answer (Markdown, read from stdin) for a brand: mention, position, rank, ' +
        'sentiment, snippet, citations and competitors. Prints one JSON object on stdout:\n' +
        '{mentioned, position, rank, sentiment: {label, score}, snippet, citations: [{url, normalizedUrl, domain}], ' +
        'competitors: [{name, mentioned, position, rank, sentiment}]}',
    )
    .option('--brand <name>', 'brand name to look for (required unless every --jsonl line names one)')
    .option('--alias <alias>', 'another name of the brand (repeatable)', collect, [])
    .option('--competitor <spec>', 'competitor as "NAME|ALIAS|ALIAS" (repeatable)', collect, [])
    .option('--website <url>', "the brand's website")
    .option('--platform <id>', 'platform that produced the answer (informational)')
    .option('--jsonl', 'bulk mode: one JSON request per stdin line {text, brand?, aliases?, competitors?, platformCitations?, id?}, one analysis per output line')
    .option('--explain', 'add "explain": every sense decision and rank entry behind the figures')
    .addHelpText('after', '\nExample:\n  echo "1. **华为**：拍照出色" | sightline analyze --brand 华为 --alias HUAWEI --competitor "小米|Xiaomi"')
    .action(async (options: AnalyzeCliOptions, command: Command) => {
      if (options.jsonl !== true && targetsFrom(options) === null) command.error("error: required option '--brand <name>' not specified");
      await runAnalyze(options, io);
    });
}
