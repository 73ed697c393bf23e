import { describe, expect, it } from 'vitest';
import { jittered, JITTER_RATIO, maxAttempts, MAX_RETRY_AFTER_MS, retryDelayMs } from './retry-policy.js';
import { InFlightLimiter } from './in-flight.js';

const DEFAULT = [30_000, 120_000, 600_000, 3_600_000, 21_600_000];

describe('retry schedule', () => {
  it('makes 6 attempts with the default schedule and stops after the last', () => {
    expect(maxAttempts(DEFAULT)).toBe(6);
    expect(retryDelayMs(DEFAULT, 5, null, () => 0.5)).toBe(21_600_000);
    expect(retryDelayMs(DEFAULT, 6, null, () => 0.5)).toBeNull();
  });

  it('jitters by at most ±10 %', () => {
    expect(retryDelayMs(DEFAULT, 1, null, () => 0)).toBe(30_000 * (1 - JITTER_RATIO));
    expect(retryDelayMs(DEFAULT, 1, null, () => 0.999999)).toBeCloseTo(30_000 * (1 + JITTER_RATIO), -1);
    for (let i = 0; i < 200; i++) {
      const d = retryDelayMs(DEFAULT, 2, null)!;
      expect(d).toBeGreaterThanOrEqual(108_000);
      expect(d).toBeLessThanOrEqual(132_000);
    }
  });

  it('takes the larger of the schedule and Retry-After, capped at 24 h', () => {
    expect(retryDelayMs(DEFAULT, 1, 5_000, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(DEFAULT, 1, 300_000, () => 0.5)).toBe(300_000);
    expect(retryDelayMs(DEFAULT, 1, 10 * MAX_RETRY_AFTER_MS, () => 0.5)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryDelayMs(DEFAULT, 1, -5, () => 0.5)).toBe(30_000);
  });

  it('jitters other delays by ±10 % too', () => {
    expect(jittered(1_000, () => 0)).toBe(900);
    expect(jittered(1_000, () => 0.5)).toBe(1_000);
  });
});

describe('InFlightLimiter', () => {
  it('gives an unknown or slow receiver at most maxSlow slots, a fast one maxFast', () => {
    let t = 0;
    const limiter = new InFlightLimiter({ maxSlow: 2, maxFast: 4, slowAfterMs: 250, clock: () => t });
    const a = limiter.tryEnter('w')!;
    const b = limiter.tryEnter('w')!;
    expect(limiter.tryEnter('w')).toBeNull(); // unknown: slow cap
    expect(limiter.tryEnter('other')).not.toBeNull(); // others unaffected
    t = 10;
    a();
    b(); // both finished in 10 ms: fast now
    const held = [1, 2, 3, 4].map(() => limiter.tryEnter('w'));
    expect(held.every(Boolean)).toBe(true);
    expect(limiter.tryEnter('w')).toBeNull();
    t = 400; // the ones in flight have run past 250 ms: slow again
    held[0]!();
    expect(limiter.inFlight('w')).toBe(3);
    expect(limiter.tryEnter('w')).toBeNull();
  });

  it('puts a delivery off until a slot can be expected, longer the more are waiting', () => {
    let t = 0;
    const limiter = new InFlightLimiter({ maxSlow: 2, maxFast: 4, slowAfterMs: 250, clock: () => t });
    limiter.tryEnter('w');
    limiter.tryEnter('w');
    t = 3_000; // the two in flight have taken 3 s so far
    expect(limiter.tryEnter('w')).toBeNull();
    expect(limiter.deferMs('w')).toBe(3_000); // first wave
    expect(limiter.deferMs('w')).toBe(3_000);
    expect(limiter.deferMs('w')).toBe(6_000); // two deliveries ahead: second wave
    expect(limiter.deferMs('unknown')).toBe(250);
  });

  it('release is idempotent', () => {
    const limiter = new InFlightLimiter({ maxSlow: 1, maxFast: 1, slowAfterMs: 250 });
    const release = limiter.tryEnter('w')!;
    release();
    release();
    expect(limiter.inFlight('w')).toBe(0);
    expect(limiter.tryEnter('w')).not.toBeNull();
  });
});
