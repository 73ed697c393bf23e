/**
 * The plan page's facts (GET /api/plan): the account's tier, every quota with how much of it is
 * used and left right now, and what the next tier would give. Quotas are read, never charged:
 * the counters are the rate limiter's own (limits.peek), so the page and a 429 always agree.
 */
import type { Principal } from '../auth/principal.js';
import { checksFor, type CounterReading, type LimitName, type LimitsService } from '../limits/limits.service.js';
import { ANONYMOUS_PER_IP_PER_DAY, LEGACY_KEY_PER_MINUTE, TIERS, tierLimits, type Tier, type TierLimits } from '../limits/tiers.js';
import type { UsageService } from '../usage/usage.service.js';
import { MAX_WEBHOOKS_PER_SCOPE } from '../webhooks/webhooks.service.js';

export interface Quota {
  limit: number;
  used: number;
  left: number;
  /** ISO time the whole quota is available again; null for a count (brands) that does not reset. */
  resetsAt: string | null;
}

/** What a tier allows, flattened for a comparison table. */
export interface TierOffer {
  tier: Tier;
  brands: number;
  checksPerDay: number;
  queriesPerDay: number;
  rewritesPerDay: number;
  apiPerHour: number;
  apiPerDay: number;
  apiPerMinute: number;
}

function offerOf(tier: Tier, limits: TierLimits): TierOffer {
  return {
    tier,
    brands: limits.brands,
    checksPerDay: limits.legacyDaily.check,
    queriesPerDay: limits.legacyDaily.query,
    rewritesPerDay: limits.legacyDaily.aeoRewrite,
    apiPerHour: limits.v1.hourly,
    apiPerDay: limits.v1.daily,
    apiPerMinute: limits.v1.burstPerMinute,
  };
}

const quotaOf = (r: CounterReading | undefined): Quota | null =>
  r ? { limit: r.limit, used: Math.max(0, Math.ceil(r.used)), left: r.remaining, resetsAt: r.used > 0 ? new Date(r.resetAt).toISOString() : null } : null;

export function createPlansService(deps: {
  brands: { count(accountId: string): Promise<number> };
  usage: Pick<UsageService, 'summary'>;
  limits: Pick<LimitsService, 'peek'>;
}) {
  const { brands, usage, limits } = deps;

  /** The counters a signed-in user of this account spends (per account, never per key or IP). */
  async function counters(principal: Principal, name: LimitName): Promise<(Quota | null)[]> {
    const asSession: Principal = { ...principal, via: 'session', keyId: null };
    const readings = await limits.peek(checksFor(name, { principal: asSession, ip: '' }));
    return readings === null ? [null] : readings.map(quotaOf);
  }

  return {
    async plan(principal: Principal) {
      const limitsNow = tierLimits(principal.tier, principal.customLimits);
      const [brandCount, month, [check], [query], [rewrite], [apiMinute, apiHour, apiDay]] = await Promise.all([
        brands.count(principal.accountId),
        usage.summary(principal.accountId),
        counters(principal, 'legacy.check'),
        counters(principal, 'legacy.query'),
        counters(principal, 'legacy.aeoRewrite'),
        counters(principal, 'v1'),
      ]);
      const index = TIERS.indexOf(principal.tier);
      // Enterprise is custom: there is no next tier to show, only a conversation.
      const nextTier = index >= 0 && index < TIERS.length - 2 ? TIERS[index + 1]! : null;
      return {
        tier: principal.tier,
        custom: principal.customLimits !== null,
        quotas: {
          brands: { limit: limitsNow.brands, used: brandCount, left: Math.max(0, limitsNow.brands - brandCount), resetsAt: null },
          checksPerDay: check ?? null,
          queriesPerDay: query ?? null,
          rewritesPerDay: rewrite ?? null,
          apiPerMinute: apiMinute ?? null,
          apiPerHour: apiHour ?? null,
          apiPerDay: apiDay ?? null,
        },
        fixed: {
          webhooksPerBrand: MAX_WEBHOOKS_PER_SCOPE,
          anonymousChecksPerDay: ANONYMOUS_PER_IP_PER_DAY.check,
          legacyKeyPerMinute: LEGACY_KEY_PER_MINUTE,
        },
        current: offerOf(principal.tier, limitsNow),
        next: nextTier ? offerOf(nextTier, tierLimits(nextTier)) : null,
        tiers: TIERS.map((t) => offerOf(t, tierLimits(t))),
        month,
      };
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
