/**
 * What each tier may do. The v1 windows are the spec's Limits table; the legacy daily quotas
 * and brand quotas are our decisions inside the spec's ranges (docs/auth.md lists them).
 * Enterprise is "custom" in the spec: it starts at Scale's numbers and an account's
 * `custom_limits` overrides them.
 */
import type { CustomLimits, Tier } from '../../db/schema/identity.js';

export { TIERS, type Tier } from '../../db/schema/identity.js';

export interface V1Windows {
  hourly: number;
  daily: number;
  burstPerMinute: number;
}

export interface TierLimits {
  v1: V1Windows;
  /** Legacy surface, per account per day when signed in (cookie). */
  legacyDaily: { check: number; query: number; aeoRewrite: number };
  /** How many brands the account may hold (v1 brand creation answers 402 beyond it). */
  brands: number;
}

const TIER_LIMITS: Readonly<Record<Tier, TierLimits>> = Object.freeze({
  free: { v1: { hourly: 100, daily: 1_000, burstPerMinute: 20 }, legacyDaily: { check: 10, query: 3, aeoRewrite: 5 }, brands: 1 },
  starter: { v1: { hourly: 1_000, daily: 20_000, burstPerMinute: 100 }, legacyDaily: { check: 50, query: 5, aeoRewrite: 20 }, brands: 1 },
  growth: { v1: { hourly: 10_000, daily: 200_000, burstPerMinute: 500 }, legacyDaily: { check: 200, query: 10, aeoRewrite: 50 }, brands: 20 },
  scale: { v1: { hourly: 100_000, daily: 2_000_000, burstPerMinute: 2_000 }, legacyDaily: { check: 1_000, query: 20, aeoRewrite: 100 }, brands: 100 },
  enterprise: { v1: { hourly: 100_000, daily: 2_000_000, burstPerMinute: 2_000 }, legacyDaily: { check: 1_000, query: 20, aeoRewrite: 100 }, brands: 100 },
});

/** Per-key limits of the legacy surface when called with a Bearer key (spec: same for every tier). */
export const LEGACY_KEY_PER_MINUTE = { query: 30, aeoRewrite: 30, dashboard: 120 } as const;
/** Anonymous callers of the legacy surface, per IP per day (spec). */
export const ANONYMOUS_PER_IP_PER_DAY = { check: 5 } as const;
/** Sign-in protection: attempts (successful or not) per 15 minutes. */
export const LOGIN_LIMITS = { perEmailPer15Min: 10, perIpPer15Min: 50, signupsPerIpPerHour: 10 } as const;

export function tierLimits(tier: Tier, custom?: CustomLimits | null): TierLimits {
  const base = TIER_LIMITS[tier];
  if (!custom) return base;
  return {
    ...base,
    v1: {
      hourly: custom.hourly ?? base.v1.hourly,
      daily: custom.daily ?? base.v1.daily,
      burstPerMinute: custom.burstPerMinute ?? base.v1.burstPerMinute,
    },
    brands: custom.brands ?? base.brands,
  };
}

/** How many brands an account of this tier may hold; the brands feature answers 402 beyond it. */
export function brandQuota(tier: Tier, custom?: CustomLimits | null): number {
  return tierLimits(tier, custom).brands;
}
