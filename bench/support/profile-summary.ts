/**
 * Where a .cpuprofile's time went: self time by where the code lives (a package under
 * node_modules, a directory of src/, Node's internals, GC) and the top functions by self time.
 *   npx tsx bench/support/profile-summary.ts FILE.cpuprofile [top=30]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [top]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** Self time per node id, in microseconds (each sample's delta is charged to the sampled node). */
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

function placeOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:internal/deps/')) return url.split('/').slice(0, 4).join('/');
  if (url.startsWith('node:')) return url.replace(/\.js$/, '');
  const src = /\/(src|bench|test)\/(.*)$/.exec(url);
  if (src) return `${src[1]}/${src[2]!.split('/').slice(0, -1).join('/') || '.'}`;
  return url;
}

let total = 0;
const places = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, us] of self) {
  const node = byId.get(id)!;
  total += us;
  const place = placeOf(node);
  places.set(place, (places.get(place) ?? 0) + us);
  const name = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|bench)\//, '$1/')}:${node.callFrame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + us);
}
const idle = places.get('(idle)') ?? 0;
const busy = total - idle;
const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms`;
console.log(`busy ${(busy / 1000).toFixed(0)} ms (idle ${(idle / 1000).toFixed(0)} ms left out); self time by place:`);
for (const [place, us] of [...places].filter(([p]) => p !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(us)}  ${place}`);
console.log('\ntop functions by self time:');
for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg))) console.log(`${pct(us)}  ${name}`);

// Inclusive time per function (a sample counts once per function on its stack): what a call
// costs with everything under it.
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const names = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at)!;
    if (node.callFrame.url === '') continue;
    names.add(`${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|bench)\//, '$1/')}`);
  }
  for (const name of names) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
}
console.log('\ntop functions by inclusive time:');
for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg))) console.log(`${pct(us)}  ${name}`);

// Self time by activity: each sample goes to the first of these found on its stack, innermost
// frame first, so "analysis" is everything the engine runs, "http" everything under undici.
const ACTIVITIES: Array<[string, (url: string, name: string) => boolean]> = [
  ['analysis', (url) => url.includes('/src/analysis/') || url.includes('/marked/') || url.includes('/@node-rs/jieba/')],
  ['http (undici, platform adapter)', (url) => url.includes('/undici/') || url.includes('/src/platforms/')],
  ['database (pg, drizzle, repos)', (url) => /\/(pg|pg-pool|pg-protocol|drizzle-orm)\//.test(url) || url.endsWith('.repo.ts')],
  ['jobs (queue, worker)', (url) => url.includes('/src/jobs/')],
  ['scans (records, batcher)', (url) => url.includes('/src/features/')],
  ['metrics (prom-client)', (url) => url.includes('/prom-client/')],
];
const activities = new Map<string, number>();
for (const [id, us] of self) {
  const node = byId.get(id)!;
  let activity = node.callFrame.functionName === '(garbage collector)' ? 'garbage collector' : node.callFrame.functionName === '(idle)' ? '(idle)' : undefined;
  for (let at: number | undefined = id; activity === undefined && at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)!.callFrame;
    activity = ACTIVITIES.find(([, test]) => test(frame.url, frame.functionName))?.[0];
  }
  activity ??= 'other (event loop, sockets, inspector)';
  activities.set(activity, (activities.get(activity) ?? 0) + us);
}
console.log('\nself time by activity:');
for (const [activity, us] of [...activities].filter(([a]) => a !== '(idle)').sort((a, b) => b[1] - a[1])) console.log(`${pct(us)}  ${activity}`);
