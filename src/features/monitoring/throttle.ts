/**
 * Polling back-off for continuous monitoring (interface spec: "three consecutive 429 responses on
 * one endpoint automatically lower the polling frequency to the next tier"). The state of an
 * (account, platform) pair is derived from the outcomes of the account's stored answers on that
 * platform, read in the order they happened:
 * - three rate-limited answers in a row move the platform one cadence tier slower for the account
 *   (growth's 6 h becomes starter's 24 h, and so on, up to the slowest tier);
 * - a run of RECOVERY_SUCCESSES answered questions brings it back to the account's own cadence.
 * Any other failure (a timeout, a 5xx) breaks a streak of 429s without counting as one: it says
 * nothing about being asked too often. Pure functions: no clock, no I/O.
 */
import type { Tier } from '../../db/schema/identity.js';
import { MONITOR_INTERVAL_MS } from './cadence.js';

/** Consecutive rate-limited answers that move a platform one tier slower. */
export const THROTTLE_AFTER_429S = 3;
/** Consecutive answered questions that bring a throttled platform back to normal. */
export const RECOVERY_SUCCESSES = 3;

/** Tiers from the fastest cadence to the slowest. */
const BY_SPEED: readonly Tier[] = ['enterprise', 'scale', 'growth', 'starter', 'free'];

export interface Outcome {
  /** The stored answer's error kind: null when the platform answered. */
  errorKind: string | null;
  at: Date;
}

export interface ThrottleState {
  /** How many tiers slower than the account's own cadence (0: normal). */
  level: number;
  /** Why, for people: the 429 streak that caused the last step down; null at level 0. */
  reason: string | null;
  /** When the last step down happened; null at level 0. */
  since: Date | null;
}

export const NORMAL: ThrottleState = { level: 0, reason: null, since: null };

/** Replays outcomes (oldest first) into the throttle state they lead to. */
export function throttleState(outcomes: readonly Outcome[], maxLevel = BY_SPEED.length - 1): ThrottleState {
  let state: ThrottleState = NORMAL;
  let limited = 0;
  let answered = 0;
  for (const outcome of outcomes) {
    if (outcome.errorKind === 'rate_limited') {
      answered = 0;
      limited++;
      if (limited === THROTTLE_AFTER_429S) {
        limited = 0;
        const level = Math.min(state.level + 1, maxLevel);
        state = { level, reason: `${THROTTLE_AFTER_429S} consecutive 429 (rate limited) answers, the last at ${outcome.at.toISOString()}`, since: outcome.at };
      }
    } else if (outcome.errorKind === null) {
      limited = 0;
      answered++;
      if (answered >= RECOVERY_SUCCESSES && state.level > 0) state = NORMAL;
    } else {
      limited = 0;
      answered = 0;
    }
  }
  return state;
}

/** The cadence tier `level` steps slower than `tier` (the slowest tier stays the slowest). */
export function slowerTier(tier: Tier, level: number): Tier {
  const index = BY_SPEED.indexOf(tier);
  return BY_SPEED[Math.min(index + Math.max(0, level), BY_SPEED.length - 1)]!;
}

/** The interval between passes of a platform for an account of `tier` at throttle `level`. */
export function throttledInterval(tier: Tier, level: number): number {
  return MONITOR_INTERVAL_MS[slowerTier(tier, level)];
}

/**
 * Whether a throttled platform is due in this pass of a brand: at level 0 always (the brand's pass
 * is already on the account's cadence); otherwise once the slower interval has passed since the
 * brand last asked it.
 */
export function platformDue(tier: Tier, state: ThrottleState, lastAskedAt: Date | undefined, now: number): boolean {
  if (state.level === 0 || !lastAskedAt) return true;
  return now - lastAskedAt.getTime() >= throttledInterval(tier, state.level);
}
