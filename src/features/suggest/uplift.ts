/**
 * Expected and measured lift of a suggestion (pure; docs/metrics.md, "Suggest").
 *
 * Expected: delta = min(0.2, 0.02 × (E-E-A-T signals present in the rewrite) × (1 − p)), with p the
 * brand's mention rate on prompts of the suggestion's intent over the last 30 days (all prompts
 * without an intent): more signals, more headroom → more expected lift. A prior, not a promise.
 *
 * Measured: after the suggestion is applied, the mention rate on the same prompts since then is
 * compared with the 14 days before. Uplift is confirmed when at least 30 answers came in, the lift
 * is ≥ 5 points (absolute) and the after-rate's 95 % Wilson lower bound is above the before-rate.
 * With 200 answers or 30 days and no confirmation the outcome is `no_uplift`.
 */
import { rate, round4 } from '../metrics/wilson.js';

/** The expected-lift prior: per E-E-A-T signal, its cap, and the days of mention rate it scales. */
export const EXPECTED_LIFT = { perSignal: 0.02, max: 0.2, basisDays: 30 } as const;
/** When a measured lift is judged: the lift and answers it needs, when it gives up, the baseline before applying. */
export const UPLIFT_RULE = { threshold: 0.05, minAnswers: 30, giveUpAnswers: 200, giveUpDays: 30, baselineDays: 14 } as const;

export function expectedLift(signalsPresent: number, mentions: number, answers: number): number {
  const p = answers > 0 ? mentions / answers : 0;
  return round4(Math.min(EXPECTED_LIFT.max, EXPECTED_LIFT.perSignal * signalsPresent * (1 - p)));
}

export type UpliftVerdict =
  | { verdict: 'uplift'; before: number; after: number; lift: number }
  | { verdict: 'no_uplift'; before: number; after: number; lift: number }
  | { verdict: 'wait' };

export function judgeUplift(
  before: { mentions: number; answers: number },
  after: { mentions: number; answers: number },
  daysSinceApplied: number,
): UpliftVerdict {
  if (after.answers < UPLIFT_RULE.minAnswers) return daysSinceApplied >= UPLIFT_RULE.giveUpDays ? verdictOf('no_uplift', before, after) : { verdict: 'wait' };
  const b = before.answers > 0 ? before.mentions / before.answers : 0;
  const a = rate(after.mentions, after.answers);
  const lift = (a.rate ?? 0) - b;
  if (lift >= UPLIFT_RULE.threshold && a.ciLow > b) return verdictOf('uplift', before, after);
  if (after.answers >= UPLIFT_RULE.giveUpAnswers || daysSinceApplied >= UPLIFT_RULE.giveUpDays) return verdictOf('no_uplift', before, after);
  return { verdict: 'wait' };
}

function verdictOf(verdict: 'uplift' | 'no_uplift', before: { mentions: number; answers: number }, after: { mentions: number; answers: number }) {
  const b = before.answers > 0 ? before.mentions / before.answers : 0;
  const a = after.answers > 0 ? after.mentions / after.answers : 0;
  return { verdict, before: round4(b), after: round4(a), lift: round4(a - b) };
}
