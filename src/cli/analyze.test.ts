import { describe, expect, it } from 'vitest';
import { analyzeCommand, parseCompetitor, plainAnalyzeOptions, type AnalyzeIo } from './analyze.js';

function fakeIo(input: string): AnalyzeIo & { out: string[] } {
  const out: string[] = [];
  return { out, readInput: async () => input, write: (chunk) => void out.push(chunk) };
}

describe('sightline analyze', () => {
  it('reads the answer from stdin and prints one JSON object', async () => {
    const io = fakeIo('推荐：\n\n1. **小米 14**：性价比高。\n2. **华为 Mate 60**：拍照出色，详见https://consumer.huawei.com/cn/。\n');
    await analyzeCommand(io).parseAsync(['--brand', '华为', '--alias', 'HUAWEI', '--competitor', '小米|Xiaomi', '--competitor', 'OPPO'], { from: 'user' });
    expect(io.out).toHaveLength(1);
    expect(io.out[0]!.endsWith('\n')).toBe(true);
    const json = JSON.parse(io.out[0]!);
    expect(json).toMatchObject({
      mentioned: true,
      rank: 2,
      sentiment: { label: 'positive' },
      citations: [{ url: 'https://consumer.huawei.com/cn/', domain: 'huawei.com' }],
      competitors: [
        { name: '小米', mentioned: true, rank: 1, sentiment: { label: 'positive' } },
        { name: 'OPPO', mentioned: false, position: null, rank: null, sentiment: null },
      ],
    });
    expect(json.position).toBeGreaterThan(0);
    expect(Object.keys(json).sort()).toEqual(['citations', 'competitors', 'mentioned', 'position', 'rank', 'sentiment', 'snippet']);
  });

  it('prints nulls when the brand is not mentioned', async () => {
    const io = fakeIo('no brand here');
    await analyzeCommand(io).parseAsync(['--brand', 'Acme'], { from: 'user' });
    expect(JSON.parse(io.out[0]!)).toEqual({ mentioned: false, position: null, rank: null, sentiment: null, snippet: null, citations: [], competitors: [] });
  });

  it('requires --brand and documents the output in --help', async () => {
    const cmd = analyzeCommand(fakeIo('')).exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
    await expect(cmd.parseAsync([], { from: 'user' })).rejects.toThrow(/--brand/);
    const help = analyzeCommand(fakeIo('')).helpInformation();
    expect(help).toContain('--competitor <spec>');
    expect(help).toContain('stdin');
    expect(help).toMatch(/one\s+JSON\s+object/);
  });

  it('--jsonl reads one request per line and writes one analysis per line, errors in place', async () => {
    const lines = [
      JSON.stringify({ id: 'a', text: '1. **华为**：拍照出色\n2. 小米：性价比高' }),
      '',
      'not json',
      JSON.stringify({ id: 'b', text: 'Notion is great. See https://notion.so/?utm_source=x', brand: 'Notion', competitors: ['Obsidian'] }),
      JSON.stringify({ id: 'c', text: 42 }),
    ];
    const io = fakeIo(lines.join('\n'));
    await analyzeCommand(io).parseAsync(['--jsonl', '--brand', '华为', '--competitor', '小米'], { from: 'user' });
    const out = io.out.map((l) => JSON.parse(l));
    expect(out).toHaveLength(4);
    expect(out[0]).toMatchObject({ id: 'a', mentioned: true, rank: 1, competitors: [{ name: '小米', rank: 2 }] });
    expect(out[1]).toMatchObject({ line: 3, error: expect.stringMatching(/JSON/) });
    expect(out[2]).toMatchObject({ id: 'b', mentioned: true, citations: [{ url: 'https://notion.so/?utm_source=x', normalizedUrl: 'https://notion.so/', domain: 'notion.so' }], competitors: [{ name: 'Obsidian', mentioned: false }] });
    expect(out[3]).toMatchObject({ line: 5, error: '"text" must be a string' });
  });

  it('--explain prints each sense decision and rank entry', async () => {
    const io = fakeIo('早餐喝小米粥。\n\n推荐手机：\n1. 小米 14：性价比高');
    await analyzeCommand(io).parseAsync(['--brand', '小米', '--explain'], { from: 'user' });
    const json = JSON.parse(io.out[0]!);
    expect(json.rank).toBe(1);
    expect(json.explain.some((d: string) => d.startsWith('mention 小米') && d.includes('model or product token'))).toBe(true);
    expect(json.explain.some((d: string) => d.startsWith('rank entry 1'))).toBe(true);
  });

  it('reads a plain command line without commander as commander does, and leaves anything else to it', async () => {
    for (const args of [
      ['--brand', 'Notion', '--competitor', 'Obsidian', '--competitor', '小米|Xiaomi', '--alias', 'N', '--alias=NotionHQ'],
      ['--brand=华为', '--explain', '--website', 'https://www.huawei.com', '--platform', 'kimi', '--brand', '小米'],
      ['--jsonl'],
    ]) {
      let seen: unknown;
      await analyzeCommand()
        .action((options: unknown) => {
          seen = options;
        })
        .parseAsync(args, { from: 'user' });
      expect(plainAnalyzeOptions(args), args.join(' ')).toStrictEqual(seen);
    }
    for (const args of [[], ['--help'], ['-h'], ['--brand'], ['--brand', 'A', 'extra'], ['--bogus'], ['--brand', '-x'], ['--brand', ' '], ['--jsonl=1'], ['--brand', 'A', '--']]) {
      expect(plainAnalyzeOptions(args), args.join(' ')).toBeNull();
    }
  });

  it('parses competitor specs', () => {
    expect(parseCompetitor('小米| Xiaomi |MI')).toEqual({ name: '小米', aliases: ['Xiaomi', 'MI'] });
    expect(parseCompetitor(' | ')).toBeNull();
  });
});
