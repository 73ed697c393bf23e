/**
 * Assembles the headline row from the summed rollups of two windows (current and previous):
 * which counts feed which figure. The figures' formulas live in metrics/headline.ts.
 */
import { addFields, ZERO_COUNTS } from '../metrics/counts.js';
import {
  compare,
  netSentimentEstimate,
  positionDistribution,
  positionEstimate,
  shareOfVoiceEstimate,
  visibilityEstimate,
  ZERO_POSITIONS,
  type HeadlineCounts,
} from '../metrics/headline.js';

/** A trend line needs this many days with answers; before that the dashboard says how many more. */
export const MIN_TREND_DAYS = 7;

const ZERO: HeadlineCounts = { ...ZERO_COUNTS, ...ZERO_POSITIONS };

const HEADLINE_KEYS = Object.keys(ZERO) as Array<keyof HeadlineCounts>;
const add = (a: HeadlineCounts, b: HeadlineCounts): HeadlineCounts => addFields(HEADLINE_KEYS, a, b);

export function headlineOf(
  rows: ReadonlyArray<{ current: boolean; branded: boolean; counts: HeadlineCounts }>,
  competitorMentions: ReadonlyArray<{ current: boolean; mentions: number }>,
  answeredDays: readonly string[],
  /** Competitors configured now: with none, share of voice has nothing to be a share of (no value, n 0). */
  competitorsConfigured = 1,
) {
  const pick = (current: boolean, branded: boolean) =>
    rows.filter((r) => r.current === current && r.branded === branded).reduce((s, r) => add(s, r.counts), ZERO);
  const cur = pick(true, false);
  const prev = pick(false, false);
  const curBranded = pick(true, true);
  const prevBranded = pick(false, true);
  const theirs = (current: boolean) => competitorMentions.filter((c) => c.current === current).reduce((s, c) => s + c.mentions, 0);
  return {
    visibility: compare(visibilityEstimate(cur), visibilityEstimate(prev)),
    brandedVisibility: compare(visibilityEstimate(curBranded), visibilityEstimate(prevBranded)),
    shareOfVoice:
      competitorsConfigured > 0
        ? compare(shareOfVoiceEstimate(cur.mentions, theirs(true)), shareOfVoiceEstimate(prev.mentions, theirs(false)))
        : compare(shareOfVoiceEstimate(0, 0), shareOfVoiceEstimate(0, 0)),
    averagePosition: { ...compare(positionEstimate(cur), positionEstimate(prev)), distribution: positionDistribution(cur) },
    netSentiment: compare(netSentimentEstimate(cur), netSentimentEstimate(prev)),
    answers: { unbranded: cur.answers, branded: curBranded.answers },
    competitors: competitorsConfigured,
    trend: { daysWithAnswers: answeredDays.length, daysNeeded: MIN_TREND_DAYS, moreDaysNeeded: Math.max(0, MIN_TREND_DAYS - answeredDays.length) },
  };
}
