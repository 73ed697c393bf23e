import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate, fits, fullResetAt, remaining, waitMs, type Buckets, type WindowSpec } from './sliding-window.js';

const minute: WindowSpec = { limit: 20, windowMs: 60_000, slices: 60 };
const T = 1_000_000_020_000; // a whole number of seconds

describe('sliding-window counter', () => {
  it('counts every slice inside the window in full', () => {
    const buckets: Buckets = [[T / 1000, 5], [T / 1000 - 30, 7]];
    expect(estimate(buckets, minute, T)).toBe(12);
    expect(remaining(buckets, minute, T)).toBe(8);
  });

  it('weights the slice that is sliding out by the part still inside', () => {
    const outgoing = T / 1000 - 60;
    // Half-way through the current slice, half of the outgoing slice is still inside.
    expect(estimate([[outgoing, 10]], minute, T + 500)).toBeCloseTo(5);
    expect(estimate([[outgoing - 1, 10]], minute, T + 500)).toBe(0);
  });

  it('refuses the doubling burst fixed windows allow across a boundary', () => {
    // 20 requests in the last second of one minute: one second later nothing more fits.
    const burst: Buckets = [[T / 1000 - 1, 20]];
    expect(fits(burst, minute, T, 1)).toBe(false);
    expect(fits(burst, minute, T + 59_000, 1)).toBe(false);
    expect(fits(burst, minute, T + 59_100, 1)).toBe(true); // 10 % of the slice has slid out: 18 counted
  });

  it('waitMs is the exact moment the next request fits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -70, max: 0 }), fc.integer({ min: 0, max: 8 })), { maxLength: 30 }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 1, max: 3 }),
        (offsets, into, cost) => {
          const now = T + into;
          const buckets: Buckets = offsets.map(([o, c]) => [T / 1000 + o, c]);
          const wait = waitMs(buckets, minute, now, cost);
          if (fits(buckets, minute, now, cost)) {
            expect(wait).toBe(0);
            return;
          }
          expect({ fitsAfterWait: fits(buckets, minute, now + wait, cost), wait, buckets, now, cost }).toMatchObject({ fitsAfterWait: true });
          if (wait > 1) expect({ fitsBefore: fits(buckets, minute, now + wait - 1, cost), wait, buckets, now, cost }).toMatchObject({ fitsBefore: false });
        },
      ),
    );
  });

  it('fullResetAt is when the newest counted request has slid out', () => {
    const buckets: Buckets = [[T / 1000 - 10, 3], [T / 1000, 1]];
    expect(fullResetAt(buckets, minute, T)).toBe((T / 1000 + 61) * 1000);
    expect(fullResetAt([], minute, T)).toBe(T);
  });
});
