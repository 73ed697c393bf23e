/**
 * The analysis engine's output over a fixed corpus, as one JSON line per answer, so that a change
 * meant to make the engine cheaper (not different) can be checked byte for byte:
 *   - every TRAINING fixture (test/fixtures/analysis/*.json, top level only: the holdout
 *     directories are never opened), each with its own analyzer, and all of them again through
 *     one shared analyzer (a long-lived analyzer's caches must not change a result);
 *   - simulator answers (the probe pipeline's corpus): `--simulated` of them, zh and en, ranked
 *     lists, reviews, comparisons and advice, eight platforms, through one analyzer per brand.
 *
 *   npx tsx bench/analysis-golden.ts --out /tmp/golden-before.jsonl [--code src|dist] [--simulated 4000]
 *   cmp /tmp/golden-before.jsonl /tmp/golden-after.jsonl
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    code: { type: 'string', default: 'src' },
    simulated: { type: 'string', default: '4000' },
  },
});
if (!values.out) throw new Error('--out FILE is required');
const root = join(import.meta.dirname, '..');
const base = join(root, values.code === 'dist' ? 'dist/src' : 'src');
const { createAnalyzer } = (await import(join(base, 'analysis/index.js'))) as typeof import('../src/analysis/index.js');
const { generateAnswer } = (await import(join(base, 'platforms/simulator/answer.js'))) as typeof import('../src/platforms/simulator/answer.js');
const { PLATFORM_IDS } = (await import(join(base, 'platforms/index.js'))) as typeof import('../src/platforms/index.js');

interface Fixture {
  id: string;
  brand: { name: string; aliases?: string[]; website?: string };
  competitors?: Array<{ name: string; aliases?: string[] }>;
  platformCitations?: string[];
  text: string | string[];
}

const lines: string[] = [];
const FIXTURES = join(root, 'test/fixtures/analysis');
const fixtures = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.json') && !e.name.startsWith('holdout'))
  .map((e) => e.name)
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Fixture[]);
const textOf = (f: Fixture): string => (Array.isArray(f.text) ? f.text.join('\n') : f.text);
for (const f of fixtures) {
  const analyzer = createAnalyzer(f.brand, { competitors: f.competitors ?? [] });
  lines.push(JSON.stringify({ fixture: f.id, analysis: analyzer.analyze(textOf(f), f.platformCitations) }));
}
// The same answers through one long-lived analyzer (as a run's analyzer sees many answers).
const shared = createAnalyzer(
  { name: '华为', aliases: ['HUAWEI'] },
  { competitors: [{ name: '小米', aliases: ['Xiaomi'] }, { name: 'Apple', aliases: ['苹果', 'iPhone'] }, { name: 'Notion' }, { name: 'Dyson', aliases: ['戴森'] }] },
);
for (const f of fixtures) lines.push(JSON.stringify({ shared: f.id, analysis: shared.analyze(textOf(f), f.platformCitations) }));

// Simulator answers, as probe runs get them.
const BRANDS = [
  { subject: { name: '石头', aliases: ['Roborock', '石头科技'] }, competitors: [{ name: '科沃斯', aliases: [] }, { name: '追觅', aliases: [] }, { name: '云鲸', aliases: [] }, { name: 'iRobot', aliases: [] }] },
  { subject: { name: 'Notion', aliases: ['Notion AI'] }, competitors: [{ name: 'Obsidian', aliases: [] }, { name: 'Evernote', aliases: [] }, { name: 'Confluence', aliases: [] }] },
  { subject: { name: '华为', aliases: ['HUAWEI'] }, competitors: [{ name: '小米', aliases: ['Xiaomi'] }, { name: '苹果', aliases: ['Apple'] }, { name: 'OPPO', aliases: [] }] },
  { subject: { name: 'Dyson', aliases: ['戴森'] }, competitors: [{ name: 'Shark', aliases: [] }, { name: 'Tineco', aliases: ['添可'] }] },
];
const QUESTIONS = [
  '扫地机器人哪个牌子好？',
  '推荐几款扫地机器人',
  '石头和科沃斯哪个好？',
  '石头扫地机器人怎么样？',
  'best note-taking app for teams?',
  'Is Notion good for project management?',
  'Notion vs Obsidian',
  '手机哪个牌子好？',
  '华为手机怎么样？',
  'best cordless vacuum 2026',
  'Dyson vs Shark which is better',
  '吸尘器推荐',
  'how do I choose a robot vacuum?',
  '洗地机选购攻略',
];
const count = Number(values.simulated);
const analyzers = BRANDS.map((b) => createAnalyzer(b.subject, { competitors: b.competitors }));
for (let i = 0; i < count; i++) {
  const b = i % BRANDS.length;
  const question = QUESTIONS[Math.floor(i / BRANDS.length) % QUESTIONS.length]!;
  const platform = PLATFORM_IDS[i % PLATFORM_IDS.length]!;
  const answer = generateAnswer({
    platform,
    prompt: question,
    conversation: question,
    day: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`,
    hint: { ...BRANDS[b]!, sample: `run-${Math.floor(i / 56)}` },
  });
  lines.push(JSON.stringify({ simulated: i, analysis: analyzers[b]!.analyze(answer.content, answer.citations) }));
}
const text = `${lines.join('\n')}\n`;
writeFileSync(values.out, text);
console.log(`${lines.length} analyses (${fixtures.length} fixtures ×2, ${count} simulated) → ${values.out}, sha256 ${createHash('sha256').update(text).digest('hex').slice(0, 16)}`);
