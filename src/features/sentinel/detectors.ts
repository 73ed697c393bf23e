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

/** A negative-sentiment spike: minimum negative mentions per window and rise in their share. */
export const SPIKE = { minRecentMentions: 5, minBaselineMentions: 10, minDelta: 0.1 } as const;

/**
 * A visibility collapse: minimum answers per window and drop in visibility; or a rank collapse:
 * mean rank worsening by `rankShift` positions, with at least `minRanks` ranks per window.
 */
export const COLLAPSE = { minRecentAnswers: 10, minBaselineAnswers: 20, minDrop: 0.1, rankShift: 2, minRanks: 5 } as const;

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
  if (recent.mentions < SPIKE.minRecentMentions || baseline.mentions < SPIKE.minBaselineMentions) return null;
  const now = negativeShare(recent);
  const before = negativeShare(baseline);
  const delta = (now.rate ?? 0) - (before.rate ?? 0);
  if (!clearlyAbove(now, before) || delta < SPIKE.minDelta) return null;
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
  if (recent.answers >= COLLAPSE.minRecentAnswers && baseline.answers >= COLLAPSE.minBaselineAnswers) {
    const now = visibility(recent);
    const before = visibility(baseline);
    const drop = (before.rate ?? 0) - (now.rate ?? 0);
    if (clearlyAbove(before, now) && drop >= COLLAPSE.minDrop) {
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
  if (rNow.n >= COLLAPSE.minRanks && rBefore.n >= COLLAPSE.minRanks && rNow.value !== null && rBefore.value !== null) {
    const shift = rNow.value - rBefore.value;
    if (shift >= COLLAPSE.rankShift) {
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
