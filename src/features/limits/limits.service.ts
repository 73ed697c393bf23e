/**
 * Every rate limit and daily quota of the spec's Limits tables, by name. A route names its
 * policy (`config.limit`); the policy turns the caller into counters (per account, per key or
 * per IP) and the store charges them all or none.
 */
import type { LimitDecision } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { Principal } from '../auth/principal.js';
import { fits, fullResetAt, remaining, SLICES, waitMs, type WindowSpec } from './sliding-window.js';
import type { LimitCheck, LimitStore } from './store.js';
import { ANONYMOUS_PER_IP_PER_DAY, LEGACY_KEY_PER_MINUTE, LOGIN_LIMITS, tierLimits } from './tiers.js';
import { createRefusalMemo } from './refusal-memo.js';

export type { LimitDecision, WindowReport } from '../../lib/errors.js';

export const LIMIT_NAMES = ['v1', 'legacy.check', 'legacy.query', 'legacy.aeoRewrite', 'legacy.dashboard'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const windowOf = (limit: number, windowMs: number): WindowSpec => ({ limit, windowMs, slices: SLICES });

/** One counter with a human label for headers and messages. */
export interface NamedCheck extends LimitCheck {
  label: string;
}

/** What an allowed decision charged, so that it can be given back (see LimitsService.refund). */
export interface LimitCharge {
  checks: readonly NamedCheck[];
  cost: number;
  at: number;
}

/** A decision plus, when allowed, the charge made. */
export type ChargedDecision = LimitDecision & { charge?: LimitCharge };

export interface Caller {
  principal: Principal | null;
  ip: string;
}

/** The counters a policy charges for this caller; [] = unlimited for this caller. */
export function checksFor(name: LimitName, { principal, ip }: Caller): NamedCheck[] {
  // Braces are a Redis hash tag: all windows of one subject live in one cluster slot.
  const check = (subject: string, window: string, spec: WindowSpec, label: string): NamedCheck => ({
    key: `{${name}:${subject}}:${window}`,
    spec,
    label,
  });
  if (name === 'v1') {
    if (!principal) return [];
    const v1 = tierLimits(principal.tier, principal.customLimits).v1;
    const subject = `a:${principal.accountId}`;
    return [
      check(subject, 'm', windowOf(v1.burstPerMinute, MINUTE), `${v1.burstPerMinute} requests per minute (burst)`),
      check(subject, 'h', windowOf(v1.hourly, HOUR), `${v1.hourly} requests per hour`),
      check(subject, 'd', windowOf(v1.daily, DAY), `${v1.daily} requests per day`),
    ];
  }
  if (!principal) {
    if (name !== 'legacy.check') return []; // the other legacy routes refuse anonymous callers before this
    const perDay = ANONYMOUS_PER_IP_PER_DAY.check;
    return [check(`ip:${ip}`, 'd', windowOf(perDay, DAY), `${perDay} free checks per IP per day without signing in`)];
  }
  const daily = tierLimits(principal.tier, principal.customLimits).legacyDaily;
  const perAccountDay = (n: number, what: string) =>
    check(`a:${principal.accountId}`, 'd', windowOf(n, DAY), `${n} ${what} per day on the ${principal.tier} tier`);
  const perKeyMinute = (n: number) =>
    check(`k:${principal.keyId ?? principal.accountId}`, 'm', windowOf(n, MINUTE), `${n} requests per minute per API key`);
  const withKey = principal.via !== 'session';
  switch (name) {
    case 'legacy.check':
      return [perAccountDay(daily.check, 'checks')];
    case 'legacy.query':
      return [withKey ? perKeyMinute(LEGACY_KEY_PER_MINUTE.query) : perAccountDay(daily.query, 'queries')];
    case 'legacy.aeoRewrite':
      return [withKey ? perKeyMinute(LEGACY_KEY_PER_MINUTE.aeoRewrite) : perAccountDay(daily.aeoRewrite, 'rewrites')];
    case 'legacy.dashboard':
      return withKey ? [perKeyMinute(LEGACY_KEY_PER_MINUTE.dashboard)] : []; // signed in: unlimited (spec)
  }
}

/**
 * Sign-in attempts are counted per e-mail *and* IP, plus per IP: ten wrong guesses from one
 * address lock that address out of that account, never the owner signing in from elsewhere
 * (OWASP: account lockout must not become a denial of service). Guessing one account from many
 * addresses is bounded by the per-IP window and by scrypt's cost.
 */
export function loginChecks(email: string, ip: string): NamedCheck[] {
  const fifteen = 15 * MINUTE;
  return [
    { key: `{login:e:${email}:ip:${ip}}:q`, spec: windowOf(LOGIN_LIMITS.perEmailPer15Min, fifteen), label: `${LOGIN_LIMITS.perEmailPer15Min} sign-in attempts per account and IP per 15 minutes` },
    { key: `{login:ip:${ip}}:q`, spec: windowOf(LOGIN_LIMITS.perIpPer15Min, fifteen), label: `${LOGIN_LIMITS.perIpPer15Min} sign-in attempts per IP per 15 minutes` },
  ];
}

export function signupChecks(ip: string): NamedCheck[] {
  const n = LOGIN_LIMITS.signupsPerIpPerHour;
  return [{ key: `{signup:ip:${ip}}:h`, spec: windowOf(n, HOUR), label: `${n} sign-ups per IP per hour` }];
}

/** One counter as it stands, without charging it (the plan page). */
export interface CounterReading {
  label: string;
  limit: number;
  used: number;
  remaining: number;
  /** Epoch ms when the whole limit is available again. */
  resetAt: number;
}

export interface LimitsService {
  readonly storeKind: LimitStore['kind'];
  /** Reads counters without charging them; null when the store cannot be reached. */
  peek(checks: readonly NamedCheck[]): Promise<CounterReading[] | null>;
  /** Charge one request to every counter, or to none; null when there is nothing to limit. */
  take(checks: readonly NamedCheck[], cost?: number): Promise<ChargedDecision | null>;
  enforce(name: LimitName, caller: Caller): Promise<ChargedDecision | null>;
  /** Gives a charge back: the request it paid for was refused or did nothing. Never throws. */
  refund(charge: LimitCharge): Promise<void>;
  close(): Promise<void>;
}

export function createLimitsService(deps: { store: LimitStore; now: () => number; log: Logger }): LimitsService {
  const { store, now, log } = deps;
  let lastFailureLog = 0;
  const refusals = createRefusalMemo();

  async function take(checks: readonly NamedCheck[], cost = 1): Promise<ChargedDecision | null> {
    if (checks.length === 0) return null;
    const t = now();
    const memoKey = `${cost}\u0000${checks.length === 1 ? checks[0]!.key : checks.map((c) => c.key).join('\u0000')}`;
    const refused = refusals.get(memoKey, t);
    if (refused) return refused;
    let result: Awaited<ReturnType<LimitStore['hit']>>;
    try {
      result = await store.hit(checks, cost, t);
    } catch (error) {
      // Fail open: an unreachable limit store must not take the API down with it.
      if (t - lastFailureLog > 10_000) {
        lastFailureLog = t;
        log.warn({ err: error, store: store.kind }, 'rate-limit store unavailable; allowing requests');
      }
      return null;
    }
    const reports = checks.map((c, i) => {
      const state = result.states[i] ?? [];
      return {
        check: c,
        state,
        report: { label: c.label, limit: c.spec.limit, remaining: remaining(state, c.spec, t), resetAt: fullResetAt(state, c.spec, t) },
      };
    });
    if (result.allowed) {
      const tightest = reports.reduce((a, b) =>
        b.report.remaining < a.report.remaining || (b.report.remaining === a.report.remaining && b.report.resetAt < a.report.resetAt) ? b : a,
      );
      return { allowed: true, report: tightest.report, retryAfterMs: 0, charge: { checks, cost, at: t } };
    }
    let worst = { report: reports[0]!.report, wait: -1 };
    for (const r of reports) {
      if (fits(r.state, r.check.spec, t, cost)) continue;
      const wait = waitMs(r.state, r.check.spec, t, cost);
      if (wait > worst.wait) worst = { report: { ...r.report, remaining: 0 }, wait };
    }
    const decision = { allowed: false, report: worst.report, retryAfterMs: worst.wait };
    refusals.remember(memoKey, decision, t);
    return decision;
  }

  return {
    storeKind: store.kind,
    take,
    enforce: (name, caller) => take(checksFor(name, caller)),
    async peek(checks) {
      if (checks.length === 0) return [];
      const t = now();
      try {
        // A zero-cost hit charges nothing in any store: it only reads the windows.
        const { states } = await store.hit(checks, 0, t);
        return checks.map((c, i) => {
          const state = states[i] ?? [];
          const left = remaining(state, c.spec, t);
          return { label: c.label, limit: c.spec.limit, used: c.spec.limit - left, remaining: left, resetAt: fullResetAt(state, c.spec, t) };
        });
      } catch (error) {
        log.warn({ err: error, store: store.kind }, 'rate-limit store unavailable; plan usage not shown');
        return null;
      }
    },
    async refund(charge) {
      try {
        await store.refund(charge.checks, charge.cost, charge.at);
      } catch (error) {
        log.warn({ err: error, store: store.kind }, 'rate-limit refund failed; the request stays charged');
      }
    },
    close: () => store.close(),
  };
}
