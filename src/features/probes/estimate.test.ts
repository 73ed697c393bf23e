import { describe, expect, it } from 'vitest';
import { DEFAULT_LATENCY_MS, estimateFrom } from './estimate.js';

describe('probe completion estimate', () => {
  it('is the slowest platform: waves of its concurrency × its median latency, queue included', () => {
    // kimi: concurrency 4, 10 tasks + 2 queued → 3 waves × 500 ms; deepseek: concurrency 16, 10 tasks → 1 × 800 ms.
    const tasks = new Map([['kimi', 10], ['deepseek', 10]]);
    const latencies = new Map([['kimi', 500], ['deepseek', 800]]);
    expect(estimateFrom(tasks, new Map([['kimi', 2]]), latencies)).toBe(1_500);
    expect(estimateFrom(tasks, new Map(), latencies)).toBe(1_500);
    expect(estimateFrom(new Map([['deepseek', 10]]), new Map([['deepseek', 30]]), latencies)).toBe(3 * 800);
  });

  it('assumes the default latency for a platform without history', () => {
    expect(estimateFrom(new Map([['qwen', 1]]), new Map(), new Map())).toBe(DEFAULT_LATENCY_MS);
  });
});
