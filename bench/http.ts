/**
 * GET /api/v1/health throughput against a bare Fastify hello-world route: same autocannon
 * settings, both servers in one child process, rounds alternating so background load hits
 * both alike (the machine is shared: only the ratio measured in one run is fair). Also reports
 * the server process's CPU time per request of each: on a busy machine that ratio is far
 * steadier than throughput, so it is what to compare when judging a change.
 *   npx tsx bench/http.ts [--seconds 5] [--rounds 3] [--connections 50]
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/http-servers.ts'], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
const [line] = (await once(child.stdout!, 'data')) as [Buffer];
const { bareUrl, appUrl } = JSON.parse(line.toString()) as { bareUrl: string; appUrl: string };

/** The servers' process CPU time (user + system, µs), asked over IPC. */
async function serverCpuMicros(): Promise<number> {
  child.send('cpu');
  const [usage] = (await once(child, 'message')) as [NodeJS.CpuUsage];
  return usage.user + usage.system;
}

async function load(url: string) {
  const cpuBefore = await serverCpuMicros();
  const r = await autocannon({ url, connections, duration });
  const cpuMicros = (await serverCpuMicros()) - cpuBefore;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, cpuUsPerRequest: cpuMicros / r.requests.total };
}

await autocannon({ url: `${bareUrl}/hello`, connections, duration: 2 }); // warm-up (JIT)
await autocannon({ url: `${appUrl}/api/v1/health`, connections, duration: 2 });
const rounds: Array<{ bare: Awaited<ReturnType<typeof load>>; health: Awaited<ReturnType<typeof load>> }> = [];
for (let i = 0; i < Number(values.rounds); i++) {
  rounds.push({ bare: await load(`${bareUrl}/hello`), health: await load(`${appUrl}/api/v1/health`) });
}
child.kill('SIGTERM');

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const bareRps = mean(rounds.map((r) => r.bare.rps));
const healthRps = mean(rounds.map((r) => r.health.rps));
const ratio = healthRps / bareRps;
const cpuRatio = mean(rounds.map((r) => r.bare.cpuUsPerRequest)) / mean(rounds.map((r) => r.health.cpuUsPerRequest));
// Each round's two phases run back to back, so their ratio is the least exposed to load drifting
// over the run; the median of those ratios shrugs off a round that a neighbour disturbed.
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const roundRatios = rounds.map((r) => r.health.rps / r.bare.rps);
console.log(JSON.stringify({ duration, connections, rounds }, null, 1));
console.log(
  `bare Fastify ${Math.round(bareRps)} req/s (p99 ${Math.max(...rounds.map((r) => r.bare.p99))} ms); ` +
    `GET /api/v1/health ${Math.round(healthRps)} req/s (p99 ${Math.max(...rounds.map((r) => r.health.p99))} ms); ` +
    `ratio ${(ratio * 100).toFixed(1)} % (bar: >= 80 %); ` +
    `CPU per request ${mean(rounds.map((r) => r.bare.cpuUsPerRequest)).toFixed(1)} vs ${mean(rounds.map((r) => r.health.cpuUsPerRequest)).toFixed(1)} µs, ` +
    `bare/health ${(cpuRatio * 100).toFixed(1)} %; ` +
    `per-round ratios ${roundRatios.map((r) => (r * 100).toFixed(0)).join(' ')} %, median ${(median(roundRatios) * 100).toFixed(1)} %`,
);
