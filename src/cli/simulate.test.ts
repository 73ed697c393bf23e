import { describe, expect, it } from 'vitest';
import { runSimulate, simulateCommand } from './simulate.js';

describe('sightline simulate', () => {
  it('starts the simulator and prints exactly its URL on stdout', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const simulator = await runSimulate({ port: 0, host: '127.0.0.1', latency: 0 }, (l) => out.push(l), (l) => err.push(l));
    try {
      expect(out).toEqual([simulator.url]);
      expect(simulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(err.join('\n')).toContain('/{platform}/v1/chat/completions');
      const response = await fetch(`${simulator.url}/deepseek/v1/models`, { headers: { authorization: 'Bearer x' } });
      expect(response.status).toBe(200);
    } finally {
      await simulator.close();
    }
  });

  it('rejects a port that is not a port', async () => {
    const command = simulateCommand()
      .exitOverride()
      .configureOutput({ writeErr: () => {}, writeOut: () => {} });
    await expect(command.parseAsync(['--port', '70000'], { from: 'user' })).rejects.toThrow(/--port must be an integer/);
    await expect(command.parseAsync(['--latency', 'fast'], { from: 'user' })).rejects.toThrow(/--latency must be an integer/);
  });
});
