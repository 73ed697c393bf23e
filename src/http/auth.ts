/**
 * The auth layer: every route declares who may call it and which limit it charges, in its
 * `config`, and one onRequest hook per protected route resolves the credential to
 * `request.principal`, checks scope / team role / tier, refuses cross-site cookie writes and
 * charges the rate limit, before the body is even parsed. See docs/auth.md.
 *
 *   config: { auth: 'v1', scope: 'read', limit: 'v1' }        v1 key (sk_…) with a scope
 *   config: { auth: 'legacy', limit: 'legacy.query' }          session cookie or service_… key
 *   config: { auth: 'session', role: 'admin' }                 dashboard session only
 *   config: { auth: 'optional', limit: 'legacy.check' }        anonymous allowed, credential used when sent
 *   config: { auth: 'none' }                                   public
 *
 * Routes under /api/v1/ that declare nothing are protected by default (v1 key; scope `read`
 * for GET/HEAD, `write` otherwise); a public v1 route says `auth: 'none'` or `security: []`.
 */
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler, RouteOptions } from 'fastify';
import { TIERS, type Role, type Tier } from '../db/schema/identity.js';
import type { AuthService, IssuedSession } from '../features/auth/auth.service.js';
import { hasRole, hasScope, type Principal, type Scope } from '../features/auth/principal.js';
import type { KeysService } from '../features/keys/keys.service.js';
import type { LimitCharge, LimitName, LimitsService } from '../features/limits/limits.service.js';
import { DomainError, forbidden, unauthorized } from '../lib/errors.js';
import { applyLimit } from './rate-limit.js';
import { listOf } from './route-options.js';
import type { App } from './types.js';

export type AuthMode = 'none' | 'optional' | 'legacy' | 'session' | 'v1';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (default: `v1` under /api/v1/, `none` elsewhere). */
    auth?: AuthMode;
    /** Minimum team role (owner ⊇ admin ⊇ member ⊇ viewer). */
    role?: Role;
    /** Minimum tier (free < starter < growth < scale < enterprise). */
    tier?: Tier;
    /** The rate limit / quota the route charges. */
    limit?: LimitName;
  }
  interface FastifyRequest {
    /** The caller; null on public routes and for anonymous callers of `optional` routes. */
    principal: Principal | null;
    /** What this request was charged against its limit; given back if the answer says it did nothing. */
    limitCharge: LimitCharge | null;
  }
}

export const SESSION_COOKIE = 'sl_session';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PUBLIC_V1 = new Set(['/api/v1/openapi.json']);

export interface AuthDeps {
  auth: AuthService;
  keys: KeysService;
  limits: LimitsService;
}

interface Policy {
  auth: AuthMode;
  scope: Scope | undefined;
  role: Role | undefined;
  tier: Tier | undefined;
  limit: LimitName | undefined;
}

/** The principal of a route that requires one (after the hook, it is always set). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * The session id the browser sent, if any. Parsed here, only where a route needs it, rather than
 * by a global cookie plugin: that costs two hooks on every request, health checks included.
 */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[SESSION_COOKIE] : undefined;
}

/** Cookie attributes: HttpOnly, SameSite=Lax, Path=/, Secure over HTTPS (X-Forwarded-Proto only when TRUST_PROXY). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: IssuedSession) {
  writeSessionCookie(request, reply, session.id, session.maxAgeSeconds);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  writeSessionCookie(request, reply, '', 0, new Date(0));
}

function writeSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number, expires?: Date) {
  const secure = request.protocol === 'https';
  // Fastify appends set-cookie headers rather than replacing them.
  reply.header('set-cookie', stringifySetCookie({ name: SESSION_COOKIE, value, httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge, ...(expires ? { expires } : {}) }));
}

/**
 * Refuses a state-changing browser request made from another site (CSRF): SameSite=Lax already
 * keeps the cookie off cross-site POSTs in current browsers; this is the second fence.
 */
export function assertSameSite(request: FastifyRequest) {
  if (!UNSAFE.has(request.method)) return;
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw forbidden('Cross-site request refused: this action must come from the dashboard itself (Sec-Fetch-Site: cross-site).');
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (!sameOrigin(origin, `${request.protocol}://${request.host}`)) {
    throw forbidden(`Cross-site request refused: Origin ${origin} is not this site.`);
  }
}

/**
 * Compares whole origins, scheme included (`https://h` is not `http://h`), with default ports
 * normalised (`http://h:80` is `http://h`); `null` and junk never match.
 */
export function sameOrigin(origin: string, self: string): boolean {
  try {
    const a = new URL(origin);
    const b = new URL(self);
    return a.protocol === b.protocol && a.host === b.host;
  } catch {
    return false;
  }
}

type Bearer = { token: string } | { invalid: string } | undefined;

function bearerOf(request: FastifyRequest): Bearer {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? { token: match[1]! } : { invalid: 'Send the API key as Authorization: Bearer <key>.' };
}

function policyOf(route: RouteOptions): Policy {
  const config = route.config ?? {};
  const isV1 = route.url.startsWith('/api/v1/');
  const declaredPublic = Array.isArray(route.schema?.security) && route.schema.security.length === 0;
  const auth: AuthMode = config.auth ?? (isV1 && !declaredPublic && !PUBLIC_V1.has(route.url) ? 'v1' : 'none');
  const methods = listOf(route.method);
  const readOnly = methods.every((m) => m === 'GET' || m === 'HEAD');
  return {
    auth,
    scope: auth === 'v1' ? (config.scope ?? (readOnly ? 'read' : 'write')) : undefined,
    // Viewers read: a state-changing call of any route that knows its caller needs at least a
    // member unless the route declares a role of its own (keys, webhooks, team: admin). On an
    // `optional` route it binds signed-in callers only (their account's quota is what is spent).
    role: config.role ?? (!readOnly && auth !== 'none' ? 'member' : undefined),
    tier: config.tier,
    limit: config.limit,
  };
}

const KEPT_ON_ERROR = new Set([404, 409]);
export const refundable = (status: number) => status >= 400 && !KEPT_ON_ERROR.has(status);

export async function registerAuth(app: App, deps: AuthDeps) {
  app.decorateRequest('principal', null);
  app.decorateRequest('limitCharge', null);

  async function viaSession(request: FastifyRequest, reply: FastifyReply, id: string): Promise<Principal> {
    const resolved = await deps.auth.resolve(id);
    if (resolved.renewed) setSessionCookie(request, reply, resolved.renewed);
    return resolved.principal;
  }

  async function resolve(policy: Policy, request: FastifyRequest, reply: FastifyReply): Promise<Principal | null> {
    const bearer = bearerOf(request);
    const sessionId = sessionIdOf(request);
    if (bearer && 'invalid' in bearer) throw unauthorized(bearer.invalid);
    switch (policy.auth) {
      case 'v1':
        if (bearer) return deps.keys.authenticate(bearer.token, 'v1');
        throw unauthorized(
          sessionId !== undefined
            ? 'v1 endpoints take a v1 API key, not a dashboard session: send Authorization: Bearer sk_live_… (or sk_test_…).'
            : 'Missing API key: send Authorization: Bearer sk_live_… (or sk_test_…) with a v1 key.',
        );
      case 'session':
        if (sessionId !== undefined) return viaSession(request, reply, sessionId);
        throw unauthorized(
          bearer
            ? 'This endpoint is for the signed-in dashboard only; API keys are not accepted here. Sign in first.'
            : 'Sign in first: this endpoint needs a dashboard session.',
        );
      case 'legacy':
      case 'optional':
        if (bearer) return deps.keys.authenticate(bearer.token, 'legacy');
        if (sessionId !== undefined) {
          if (policy.auth === 'legacy') return viaSession(request, reply, sessionId);
          // A stale cookie on a route open to anonymous callers: carry on anonymously.
          return viaSession(request, reply, sessionId).catch((error: unknown) => {
            if (!(error instanceof DomainError && error.code === 'UNAUTHENTICATED')) throw error;
            clearSessionCookie(request, reply);
            return null;
          });
        }
        if (policy.auth === 'optional') return null;
        throw unauthorized('Authentication required: sign in, or send a legacy API key as Authorization: Bearer service_….');
      case 'none':
        return null;
    }
  }

  function authorize(policy: Policy, principal: Principal) {
    if (policy.scope && !hasScope(principal.scopes, policy.scope)) {
      const granted = principal.scopes.length > 0 ? principal.scopes.join(', ') : 'none';
      throw forbidden(`This API key lacks the "${policy.scope}" scope this endpoint needs (key scopes: ${granted}). Create a key with the ${policy.scope} scope.`);
    }
    if (policy.role && !hasRole(principal.role, policy.role)) {
      const allowed = policy.role === 'owner' ? 'the owner' : policy.role === 'admin' ? 'the owner or admin' : `at least the ${policy.role}`;
      throw forbidden(`This needs ${allowed} team role; your role is ${principal.role}.`);
    }
    if (policy.tier && TIERS.indexOf(principal.tier) < TIERS.indexOf(policy.tier)) {
      throw forbidden(`This needs the ${policy.tier} tier or higher; the account is on ${principal.tier}. Upgrade the tier.`);
    }
  }

  function hookFor(policy: Policy): onRequestHookHandler {
    return async function authenticate(request, reply) {
      // Whatever the answer (data, 401, 403, 429), it concerns one caller: never cache it.
      reply.header('cache-control', 'no-store');
      const principal = await resolve(policy, request, reply);
      request.principal = principal;
      if (principal) {
        if (principal.via === 'session') assertSameSite(request);
        authorize(policy, principal);
      }
      if (policy.limit) {
        const decision = await deps.limits.enforce(policy.limit, { principal, ip: request.ip });
        // A refusal is sent from here: the route's other hooks, body parsing and handler never run.
        if (applyLimit(request, reply, decision)) return reply;
        request.limitCharge = decision?.charge ?? null;
      }
    } as onRequestHookHandler;
  }

  /**
   * Fair quota: a charged request whose answer says it did nothing — refused by validation,
   * authorization or a later limit (4xx), or failed upstream (every platform failed: 5xx) —
   * gets its charge back before the answer leaves. Kept: 2xx (a partial scan is a 200 and
   * costs one), 404 and 409 (the request was well-formed and was looked up).
   */
  const refundUnlessServed: onSendHookHandler = async (request, reply, payload) => {
    const charge = request.limitCharge;
    if (charge && refundable(reply.statusCode)) {
      request.limitCharge = null;
      await deps.limits.refund(charge);
      const remaining = reply.getHeader('x-ratelimit-remaining');
      if (remaining !== undefined) reply.header('x-ratelimit-remaining', String(Number(remaining) + charge.cost));
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    const policy = policyOf(route);
    if (policy.auth === 'none' && !policy.limit) return;
    // The effective scope and role are written back, so the OpenAPI document and the role
    // matrix test read what is enforced, defaults included.
    route.config = { ...(route.config ?? {}), ...(policy.scope ? { scope: policy.scope } : {}), ...(policy.role ? { role: policy.role } : {}) };
    route.onRequest = [hookFor(policy), ...listOf(route.onRequest)];
    if (policy.limit) {
      route.onSend = [refundUnlessServed, ...listOf(route.onSend)];
    }
  });
}

/** What a route requires of its caller, defaults applied (the role matrix test reads this). */
export function accessOf(route: Pick<RouteOptions, 'url' | 'method' | 'config' | 'schema'>): { auth: AuthMode; scope?: Scope; role?: Role } {
  const policy = policyOf(route as RouteOptions);
  return { auth: policy.auth, ...(policy.scope ? { scope: policy.scope } : {}), ...(policy.role ? { role: policy.role } : {}) };
}

/** Whether the route may know its caller (a credential is required or optional there). */
export function identifiesCaller(route: RouteOptions): boolean {
  return policyOf(route).auth !== 'none';
}
