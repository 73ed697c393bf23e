import { describe, expect, it } from 'vitest';
import { platformDue, slowerTier, throttledInterval, throttleState, type Outcome } from './throttle.js';

const HOUR = 3_600_000;
let clock = Date.UTC(2026, 10, 1);
/** Outcomes one minute apart: 'L' rate limited, 'A' answered, 'T' another failure (a timeout). */
const seq = (codes: string): Outcome[] =>
  [...codes].map((c) => {
    clock += 60_000;
    return { errorKind: c === 'A' ? null : c === 'L' ? 'rate_limited' : 'timeout', at: new Date(clock) };
  });

describe('polling back-off of monitoring', () => {
  it('moves one tier slower after three consecutive 429s, and again after three more', () => {
    expect(throttleState(seq('LL')).level).toBe(0);
    const once = throttleState(seq('ALLL'));
    expect(once.level).toBe(1);
    expect(once.reason).toMatch(/^3 consecutive 429/);
    expect(throttleState(seq('LLLLLL')).level).toBe(2);
  });

  it('counts only consecutive 429s: an answer or another failure breaks the streak', () => {
    expect(throttleState(seq('LLALL')).level).toBe(0);
    expect(throttleState(seq('LLTLL')).level).toBe(0);
  });

  it('returns to the account cadence after a run of answered questions, not after one', () => {
    expect(throttleState(seq('LLLA')).level).toBe(1);
    expect(throttleState(seq('LLLAA')).level).toBe(1);
    expect(throttleState(seq('LLLAAA'))).toEqual({ level: 0, reason: null, since: null });
    expect(throttleState(seq('LLLAATA')).level).toBe(1); // a timeout restarts the run of successes
  });

  it('never goes past the slowest tier', () => {
    expect(throttleState(seq('L'.repeat(60))).level).toBe(4);
    expect(slowerTier('enterprise', 4)).toBe('free');
    expect(slowerTier('starter', 3)).toBe('free');
    expect(slowerTier('growth', 0)).toBe('growth');
  });

  it('spaces a throttled platform by the slower tier since the brand last asked it', () => {
    expect(throttledInterval('growth', 1)).toBe(24 * HOUR);
    const state = throttleState(seq('LLL'));
    const asked = new Date(Date.UTC(2026, 10, 2));
    expect(platformDue('growth', state, asked, asked.getTime() + 23 * HOUR)).toBe(false);
    expect(platformDue('growth', state, asked, asked.getTime() + 24 * HOUR)).toBe(true);
    expect(platformDue('growth', throttleState([]), asked, asked.getTime() + 1)).toBe(true);
  });
});
