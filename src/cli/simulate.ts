/**
 * `sightline simulate`: the platform simulator as a standalone OpenAI-compatible server, e.g. to
 * point another Sightline deployment (`<ID>_BASE_URL=<url>/<id>/v1`) or any OpenAI client at it.
 * Stdout carries one line, the URL; hints go to stderr.
 */
import { Command, InvalidArgumentError } from 'commander';
import { PLATFORM_IDS } from '../platforms/index.js';
import { startSimulator, type SimulatorHandle } from '../platforms/simulator/index.js';

export interface SimulateOptions {
  port: number;
  host: string;
  latency: number;
}

/** Port the standalone simulator listens on unless told otherwise: stable, so URLs can be configured once. */
export const DEFAULT_SIMULATOR_PORT = 4010;

function integerOption(name: string, max: number): (raw: string) => number {
  return (raw) => {
    if (!/^\d+$/.test(raw) || Number(raw) > max) throw new InvalidArgumentError(`${name} must be an integer from 0 to ${max}`);
    return Number(raw);
  };
}

/** Starts the simulator and reports where it is; the caller decides when to stop it. */
export async function runSimulate(
  options: SimulateOptions,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<SimulatorHandle> {
  const simulator = await startSimulator({ host: options.host, port: options.port, latencyMs: options.latency });
  out(simulator.url);
  err(`Simulating ${PLATFORM_IDS.length} platforms: POST ${simulator.url}/{platform}/v1/chat/completions, GET ${simulator.url}/{platform}/v1/models`);
  err(`Platforms: ${PLATFORM_IDS.join(', ')}. Every answer is labelled simulated. Ctrl+C stops.`);
  return simulator;
}

export function simulateCommand(): Command {
  return new Command('simulate')
    .description('Run the platform simulator: one local OpenAI-compatible server answering for all eight platforms')
    .option('--port <n>', 'port to listen on (0 = any free port)', integerOption('--port', 65_535), DEFAULT_SIMULATOR_PORT)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--latency <ms>', 'delay before every answer, in milliseconds', integerOption('--latency', 600_000), 0)
    .action(async (options: SimulateOptions) => {
      const simulator = await runSimulate(
        options,
        (line) => process.stdout.write(`${line}\n`),
        (line) => process.stderr.write(`${line}\n`),
      );
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await simulator.close();
    });
}
