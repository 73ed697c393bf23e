/**
 * The platform simulator in its own process for benchmarks (platforms are remote in production:
 * their HTTP work must not share the measured process's CPU). Prints `{"url": …}` once listening.
 *   node --import tsx bench/support/simulator-process.ts [latencyMs]
 */
import { startSimulator } from '../../src/platforms/simulator/index.js';

const latencyMs = Number(process.argv[2] ?? '0');
const simulator = await startSimulator({ host: '127.0.0.1', port: 0, latencyMs });
process.stdout.write(`${JSON.stringify({ url: simulator.url })}\n`);
process.on('SIGTERM', () => void simulator.close().then(() => process.exit(0)));
