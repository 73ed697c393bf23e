/**
 * Webhook transport bench: signed deliveries per second from ONE process to a local HTTPS
 * receiver, through the real sendWebhook (DNS lookup + SSRF check + pinned connect + TLS with
 * verification on + keep-alive), then the same while a second receiver that takes 10 s per
 * request keeps `--slow` deliveries in flight. Receivers run in a child process so the sender
 * has its own event loop, as a worker would.
 *
 *   npx tsx bench/webhook-transport.ts [--concurrency 64] [--seconds 10] [--slow 50] [--rounds 3]
 *
 * Prints one JSON line per phase and a verdict: ≥ 300/s, and the fast receiver's mean rate with
 * the slow one mixed in within 10 % of its mean rate without it (phases alternate, `--rounds`).
 */
import { parseArgs } from 'node:util';
import { buildEventBody, sampleEventData } from '../src/features/events/catalogue.js';
import { generateWebhookSecret, signedWebhookHeaders } from '../src/features/webhooks/signing.js';
import { closeWebhookAgents, sendWebhook } from '../src/features/webhooks/transport.js';
import { testCertificate } from '../test/support/webhook-receiver.js';
import { startReceivers } from './support/receivers.js';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '10' },
    slow: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
  },
});
const CONCURRENCY = Number(values.concurrency);
const SECONDS = Number(values.seconds);
const SLOW_IN_FLIGHT = Number(values.slow);
const ROUNDS = Number(values.rounds);


const agentOptions = { ca: testCertificate().cert };
const secret = generateWebhookSecret();

/** One real delivery: fresh body, signature and eventId, as the delivery job would do. */
async function deliverOnce(url: string, timeoutMs: number) {
  const built = buildEventBody({ event: 'citation.discovered', brandId: 'brand_bench', data: sampleEventData('citation.discovered', 'brand_bench') });
  const headers = signedWebhookHeaders({ scheme: built.set, secret, body: built.body, eventId: built.eventId, event: built.event });
  return sendWebhook({ url, body: built.body, headers, allowPrivateNetworks: true, agentOptions, timeoutMs });
}

/** Keep `width` deliveries in flight to `url` until `stopAt`; count successes and failures. */
async function loop(url: string, width: number, stopAt: () => boolean, timeoutMs: number) {
  const stats = { ok: 0, failed: 0, latencies: [] as number[], errors: new Map<string, number>() };
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (!stopAt()) {
        const r = await deliverOnce(url, timeoutMs);
        if (r.ok) {
          stats.ok++;
          stats.latencies.push(r.latencyMs);
        } else {
          stats.failed++;
          stats.errors.set(r.errorKind ?? 'unknown', (stats.errors.get(r.errorKind ?? 'unknown') ?? 0) + 1);
        }
      }
    }),
  );
  return stats;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function phase(name: string, fastUrl: string, slowUrl: string | null) {
  // Warm up connections first so both phases measure steady state.
  const warmEnd = Date.now() + 1500;
  await loop(fastUrl, CONCURRENCY, () => Date.now() > warmEnd, 10_000);
  let stopped = false;
  const slow = slowUrl ? loop(slowUrl, SLOW_IN_FLIGHT, () => stopped, 12_000) : null;
  const started = performance.now();
  const end = Date.now() + SECONDS * 1000;
  const fast = await loop(fastUrl, CONCURRENCY, () => Date.now() > end, 10_000);
  const elapsed = (performance.now() - started) / 1000;
  stopped = true;
  const slowStats = slow ? await slow : null;
  const rate = fast.ok / elapsed;
  console.log(
    JSON.stringify({
      phase: name,
      concurrency: CONCURRENCY,
      seconds: Number(elapsed.toFixed(1)),
      deliveries: fast.ok,
      failed: fast.failed,
      perSecond: Math.round(rate),
      p50ms: percentile(fast.latencies, 50),
      p99ms: percentile(fast.latencies, 99),
      ...(slowStats ? { slowInFlight: SLOW_IN_FLIGHT, slowCompleted: slowStats.ok, slowFailed: Object.fromEntries(slowStats.errors) } : {}),
    }),
  );
  return rate;
}

const { ports, stop } = await startReceivers();
try {
  const fastUrl = `https://localhost:${ports.fast}/hook`;
  const slowUrl = `https://localhost:${ports.slow}/hook`;
  // Alternate the two phases so background load on a shared machine hits both alike.
  let alone = 0;
  let mixed = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    alone += await phase(`round ${round}: fast receiver alone`, fastUrl, null);
    mixed += await phase(`round ${round}: fast receiver + 10 s receiver`, fastUrl, slowUrl);
  }
  alone /= ROUNDS;
  mixed /= ROUNDS;
  const drop = (1 - mixed / alone) * 100;
  const pass = alone >= 300 && mixed >= 300 && drop <= 10;
  console.log(JSON.stringify({ verdict: pass ? 'PASS' : 'FAIL', alonePerSecond: Math.round(alone), mixedPerSecond: Math.round(mixed), dropPercent: Number(drop.toFixed(1)) }));
  process.exitCode = pass ? 0 : 1;
} finally {
  closeWebhookAgents();
  stop();
}
