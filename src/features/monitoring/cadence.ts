/**
 * Continuous monitoring cadence by tier (docs/metrics.md, "Monitoring"): how often each brand gets
 * a monitoring pass. Each pass asks the picker's prompts (about 5 % of the brand's prompts) on
 * every configured platform, so over a day a growth brand re-samples ~20 % of its prompts.
 */
import type { Tier } from '../../db/schema/identity.js';

const HOUR = 3_600_000;

export const MONITOR_INTERVAL_MS: Record<Tier, number> = {
  free: 7 * 24 * HOUR,
  starter: 24 * HOUR,
  growth: 6 * HOUR,
  scale: 2 * HOUR,
  enterprise: HOUR,
};

/** The scheduler's tick: enqueue due passes and sweep finished runs every minute. */
export const MONITOR_TICK_CRON = '* * * * *';
/** Brands started per tick: a backlog drains over several ticks instead of one burst. */
export const MONITOR_BRANDS_PER_TICK = 25;
