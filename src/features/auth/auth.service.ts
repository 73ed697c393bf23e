/**
 * Dashboard sign-in: sign-up, sign-in, sign-out and resolving a session cookie.
 * The cookie holds 256 random bits; the database holds only their SHA-256, so a leaked
 * database backup cannot be replayed as sessions. Idle expiry is 24 h, renewed while the user
 * is active (at most one write a minute), and no session outlives SESSION_ABSOLUTE_MS.
 *
 * Resolving a cookie is on every dashboard request, so lookups are cached in memory for
 * SESSION_CACHE_TTL_MS, like API keys (key-cache.ts): signing out in this process ends the
 * session at once; a sign-out, role or tier change made by another process is seen within
 * SESSION_CACHE_TTL_MS. Expiry is checked on every request against the cached times.
 */
import { createHash, randomBytes } from 'node:crypto';
import { conflict, RateLimitedError, unauthorized } from '../../lib/errors.js';
import type { Db } from '../../db/client.js';
import { EmailTakenError, normaliseEmail, type AccountsService } from '../accounts/accounts.service.js';
import { loginChecks, signupChecks, type LimitDecision, type LimitsService } from '../limits/limits.service.js';
import type { Principal } from './principal.js';
import { createKeyCache } from '../keys/key-cache.js';
import * as repo from './sessions.repo.js';

export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_RENEW_AFTER_MS = 60 * 1000;
export const SESSION_CACHE_TTL_MS = 5_000;

const SESSION_ID_RE = /^[A-Za-z0-9_-]{43}$/;
const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

export interface IssuedSession {
  id: string;
  /** Seconds the cookie should live (idle expiry). */
  maxAgeSeconds: number;
}

export interface ResolvedSession {
  principal: Principal;
  /** Set when the session was renewed on this request: send the cookie again. */
  renewed?: IssuedSession;
}

export function createAuthService(deps: { db: Db; now: () => number; accounts: AccountsService; limits: LimitsService }) {
  const { db, now, accounts, limits } = deps;
  const cache = createKeyCache<repo.SessionIdentity>(now, SESSION_CACHE_TTL_MS);
  /** Sessions whose renewal is being written: concurrent requests do not write it again. */
  const renewing = new Set<string>();

  async function issue(userId: string): Promise<IssuedSession> {
    const id = randomBytes(32).toString('base64url');
    const t = now();
    await repo.deleteExpiredSessions(db, userId, new Date(t));
    await repo.insertSession(db, {
      idHash: hashSessionId(id),
      userId,
      createdAt: new Date(t),
      renewedAt: new Date(t),
      expiresAt: new Date(t + SESSION_IDLE_MS),
      absoluteExpiresAt: new Date(t + SESSION_ABSOLUTE_MS),
    });
    return { id, maxAgeSeconds: SESSION_IDLE_MS / 1000 };
  }

  async function logout(sessionId: string): Promise<void> {
    if (!SESSION_ID_RE.test(sessionId)) return;
    const idHash = hashSessionId(sessionId);
    cache.delete(idHash);
    await repo.deleteSession(db, idHash);
  }

  async function guard(decision: Promise<LimitDecision | null>) {
    const d = await decision;
    if (d && !d.allowed) throw new RateLimitedError(d);
  }

  return {
    async signup(input: { email: string; password: string; ip: string }) {
      await guard(limits.take(signupChecks(input.ip)));
      try {
        const { account, user } = await accounts.createAccount({ email: input.email, password: input.password });
        return { account, user, session: await issue(user.id) };
      } catch (error) {
        if (error instanceof EmailTakenError) throw conflict(error.message);
        throw error;
      }
    },

    /** A fresh session id on every sign-in; the caller's previous session (if any) is ended. */
    async login(input: { email: string; password: string; ip: string; previousSessionId?: string | undefined }) {
      await guard(limits.take(loginChecks(normaliseEmail(input.email), input.ip)));
      const user = await accounts.authenticate(input.email, input.password);
      if (!user) throw unauthorized('E-mail or password is incorrect.');
      if (input.previousSessionId) await logout(input.previousSessionId);
      const account = await accounts.findAccount(user.accountId);
      if (!account) throw unauthorized('E-mail or password is incorrect.');
      return { account, user, session: await issue(user.id) };
    },

    logout,

    /**
     * Signs a user in without a password (they just proved themselves another way: accepting an
     * invitation). A fresh session id; the browser's previous session, if any, is ended.
     */
    async startSession(userId: string, previousSessionId?: string): Promise<IssuedSession> {
      if (previousSessionId) await logout(previousSessionId);
      return issue(userId);
    },

    /**
     * Forget this process's cached sessions of a user: a role change, a move to another account
     * or a removal takes effect here at once (in other processes within SESSION_CACHE_TTL_MS).
     */
    forgetUser(userId: string): void {
      cache.deleteWhere((identity) => identity.userId === userId);
    },

    /** The principal of a session cookie, or a 401 saying why there is none. */
    async resolve(sessionId: string): Promise<ResolvedSession> {
      if (!SESSION_ID_RE.test(sessionId)) throw unauthorized('The session cookie is malformed; sign in again.');
      const idHash = hashSessionId(sessionId);
      const found = await cache.get(idHash, () => repo.findSession(db, idHash));
      if (!found) throw unauthorized('The session has ended (signed out or replaced); sign in again.');
      const t = now();
      if (t >= found.expiresAt.getTime() || t >= found.absoluteExpiresAt.getTime()) {
        cache.delete(idHash);
        await repo.deleteSession(db, idHash);
        throw unauthorized('The session has expired; sign in again.');
      }
      const principal: Principal = {
        accountId: found.accountId,
        userId: found.userId,
        tier: found.tier,
        role: found.role,
        via: 'session',
        keyId: null,
        scopes: [],
        mode: null,
        customLimits: found.customLimits,
      };
      if (t - found.renewedAt.getTime() < SESSION_RENEW_AFTER_MS || renewing.has(idHash)) return { principal };
      // Rolling expiry: at most one write per SESSION_RENEW_AFTER_MS per session and process.
      const expiresAt = Math.min(t + SESSION_IDLE_MS, found.absoluteExpiresAt.getTime());
      renewing.add(idHash);
      try {
        await repo.renewSession(db, idHash, new Date(t), new Date(expiresAt));
      } finally {
        renewing.delete(idHash);
      }
      // The cached identity is shared by concurrent requests: they now see the renewal too.
      found.renewedAt = new Date(t);
      found.expiresAt = new Date(expiresAt);
      return { principal, renewed: { id: sessionId, maxAgeSeconds: Math.floor((expiresAt - t) / 1000) } };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
