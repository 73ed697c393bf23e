/**
 * `sightline analyze`: analyse one answer (Markdown on stdin) for a brand and its competitors and
 * print ONE JSON object on stdout (DESIGN.md §4). Nothing else is written to stdout.
 */
import { Command } from 'commander';
import { createAnalyzer, type AnswerAnalysis, type BrandTarget } from '../analysis/index.js';

export interface AnalyzeCliOptions {
  brand: string;
  alias?: string[];
  competitor?: string[];
  website?: string;
  platform?: string;
}

/** Where the verb reads and writes; injectable so tests run it in-process. */
export interface AnalyzeIo {
  readInput(): Promise<string>;
  write(chunk: string): void;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

const processIo: AnalyzeIo = {
  readInput: readStdin,
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
    citations: a.citations.map((c) => ({ url: c.url, domain: c.domain })),
    competitors: a.competitors.map((c) => ({
      name: c.name,
      mentioned: c.mentioned,
      position: c.position,
      rank: c.rank,
      sentiment: sentiment(c.sentiment),
    })),
  };
}

export async function runAnalyze(options: AnalyzeCliOptions, io: AnalyzeIo = processIo): Promise<object> {
  const text = await io.readInput();
  const brand: BrandTarget = { name: options.brand, aliases: options.alias ?? [], website: options.website ?? null };
  const competitors = (options.competitor ?? []).map(parseCompetitor).filter((c): c is BrandTarget => c !== null);
  const result = toCliJson(createAnalyzer(brand, { competitors }).analyze(text));
  io.write(`${JSON.stringify(result)}\n`);
  return result;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function analyzeCommand(io: AnalyzeIo = processIo): Command {
  return new Command('analyze')
    .description(
      'Analyse one LLM answer (Markdown, read from stdin) for a brand: mention, position, rank, ' +
        'sentiment, snippet, citations and competitors. Prints one JSON object on stdout:\n' +
        '{mentioned, position, rank, sentiment: {label, score}, snippet, citations: [{url, domain}], ' +
        'competitors: [{name, mentioned, position, rank, sentiment}]}',
    )
    .requiredOption('--brand <name>', 'brand name to look for')
    .option('--alias <alias>', 'another name of the brand (repeatable)', collect, [])
    .option('--competitor <spec>', 'competitor as "NAME|ALIAS|ALIAS" (repeatable)', collect, [])
    .option('--website <url>', "the brand's website")
    .option('--platform <id>', 'platform that produced the answer (informational)')
    .addHelpText('after', '\nExample:\n  echo "1. **华为**：拍照出色" | sightline analyze --brand 华为 --alias HUAWEI --competitor "小米|Xiaomi"')
    .action(async (options: AnalyzeCliOptions) => {
      await runAnalyze(options, io);
    });
}
