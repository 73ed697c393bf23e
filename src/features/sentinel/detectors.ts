/**
 * Sentinel detectors: pure functions from summed counts (recent window vs the brand's own
 * baseline) to detections. "Statistically meaningful" = the 95 % Wilson intervals of the two
 * windows do not overlap (for two proportions that is roughly p < 0.01), plus a minimum sample in
 * each window and a minimum practical size of the change, so a handful of answers never pages
 * anyone. Thresholds are in docs/metrics.md, "Sentinel".
 */
import type { IncidentSeverity, IncidentType } from '../../db/schema/intelligence.js';
import { averageRank, negativeShare, visibility, type AnswerCounts } from '../metrics/counts.js';
import { clearlyAbove, round4 } from '../metrics/wilson.js';

/** Recent window: today and yesterday (UTC days); baseline: the 28 days before it. */
export const RECENT_DAYS = 2;
export const BASELINE_DAYS = 28;

export const SPIKE_MIN_RECENT_MENTIONS = 5;
export const SPIKE_MIN_BASELINE_MENTIONS = 10;
export const SPIKE_MIN_DELTA = 0.1;

export const COLLAPSE_MIN_RECENT_ANSWERS = 10;
export const COLLAPSE_MIN_BASELINE_ANSWERS = 20;
export const COLLAPSE_MIN_DROP = 0.1;
/** Mean rank worsening (positions) that counts as a collapse, with at least 5 ranks per window. */
export const COLLAPSE_RANK_SHIFT = 2;
export const COLLAPSE_MIN_RANKS = 5;

export interface Detection {
  type: IncidentType;
  fingerprint: string;
  severity: IncidentSeverity;
  title: string;
  detail: Record<string, unknown>;
  /** Platform the detection is about (rank collapse), for evidence lookup. */
  platform?: string;
}

/** Severity by the size of the change in a rate (absolute points). */
export function severityOf(delta: number): IncidentSeverity {
  if (delta >= 0.5) return 'critical';
  if (delta >= 0.3) return 'high';
  if (delta >= 0.15) return 'medium';
  return 'low';
}

const pct = (x: number | null) => `${Math.round((x ?? 0) * 100)}%`;

/** Negative share of mentions rose clearly above the brand's baseline. */
export function detectNegativeSpike(recent: AnswerCounts, baseline: AnswerCounts): Detection | null {
  if (recent.mentions < SPIKE_MIN_RECENT_MENTIONS || baseline.mentions < SPIKE_MIN_BASELINE_MENTIONS) return null;
  const now = negativeShare(recent);
  const before = negativeShare(baseline);
  const delta = (now.rate ?? 0) - (before.rate ?? 0);
  if (!clearlyAbove(now, before) || delta < SPIKE_MIN_DELTA) return null;
  return {
    type: 'negative_spike',
    fingerprint: 'negative_spike',
    severity: severityOf(delta),
    title: `Negative mentions rose to ${pct(now.rate)} (baseline ${pct(before.rate)})`,
    detail: { recent: now, baseline: before, delta: round4(delta) },
  };
}

/** Mention rate on one platform fell clearly below baseline, or the mean rank worsened by ≥ 2. */
export function detectRankCollapse(platform: string, recent: AnswerCounts, baseline: AnswerCounts): Detection | null {
  const fingerprint = `rank_collapse:${platform}`;
  if (recent.answers >= COLLAPSE_MIN_RECENT_ANSWERS && baseline.answers >= COLLAPSE_MIN_BASELINE_ANSWERS) {
    const now = visibility(recent);
    const before = visibility(baseline);
    const drop = (before.rate ?? 0) - (now.rate ?? 0);
    if (clearlyAbove(before, now) && drop >= COLLAPSE_MIN_DROP) {
      return {
        type: 'rank_collapse',
        fingerprint,
        platform,
        severity: severityOf(drop),
        title: `Mention rate on ${platform} fell to ${pct(now.rate)} (baseline ${pct(before.rate)})`,
        detail: { platform, measure: 'mention_rate', recent: now, baseline: before, drop: round4(drop) },
      };
    }
  }
  const rNow = averageRank(recent);
  const rBefore = averageRank(baseline);
  if (rNow.n >= COLLAPSE_MIN_RANKS && rBefore.n >= COLLAPSE_MIN_RANKS && rNow.value !== null && rBefore.value !== null) {
    const shift = rNow.value - rBefore.value;
    if (shift >= COLLAPSE_RANK_SHIFT) {
      return {
        type: 'rank_collapse',
        fingerprint,
        platform,
        severity: shift >= 5 ? 'high' : 'medium',
        title: `Average rank on ${platform} fell to ${rNow.value.toFixed(1)} (baseline ${rBefore.value.toFixed(1)})`,
        detail: { platform, measure: 'average_rank', recent: rNow, baseline: rBefore, shift: round4(shift) },
      };
    }
  }
  return null;
}
