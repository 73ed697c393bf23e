/** What GET /api/me shows: who is calling, the account's tier and limits, and this month's usage. */
import { notFound } from '../../lib/errors.js';
import type { Principal } from '../auth/principal.js';
import { ANONYMOUS_PER_IP_PER_DAY, LEGACY_KEY_PER_MINUTE, tierLimits } from '../limits/tiers.js';
import type { UsageService } from '../usage/usage.service.js';
import type { AccountsService } from './accounts.service.js';

export async function profileOf(services: { accounts: AccountsService; usage: UsageService }, principal: Principal) {
  const [account, user, usage] = await Promise.all([
    services.accounts.findAccount(principal.accountId),
    services.accounts.findUser(principal.userId),
    services.usage.summary(principal.accountId),
  ]);
  if (!account || !user) throw notFound('Account');
  const limits = tierLimits(account.tier, account.customLimits);
  return {
    account: { id: account.id, tier: account.tier, createdAt: account.createdAt.toISOString() },
    user: { id: user.id, email: user.email, role: user.role },
    tier: account.tier,
    role: user.role,
    via: principal.via,
    limits: {
      brands: limits.brands,
      v1: limits.v1,
      legacy: {
        perDay: limits.legacyDaily,
        perMinuteWithApiKey: LEGACY_KEY_PER_MINUTE,
        anonymousPerIpPerDay: ANONYMOUS_PER_IP_PER_DAY,
      },
    },
    usage,
  };
}
