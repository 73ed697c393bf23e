/** Dashboard sign-in: POST /api/auth/signup, /api/auth/login, /api/auth/logout. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { CredentialsSchema, LoginCredentialsSchema, SignedInSchema } from '../../features/auth/auth.schemas.js';
import { assertSameSite, clearSessionCookie, sessionIdOf, setSessionCookie } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';
import { SMALL_BODY_LIMIT_BYTES } from '../../http/json-body.js';
import type { AccountRow, UserRow } from '../../features/accounts/accounts.service.js';

type Started = { account: AccountRow; user: UserRow; session: Parameters<typeof setSessionCookie>[2] };

/**
 * Sign-up and sign-in answer alike: same-site requests only, never cached, the new session set
 * as the cookie and the account and user in the body.
 */
async function startSession(request: FastifyRequest, reply: FastifyReply, status: 200 | 201, start: () => Promise<Started>) {
  assertSameSite(request);
  reply.header('cache-control', 'no-store');
  const { account, user, session } = await start();
  setSessionCookie(request, reply, session);
  return reply.status(status).send({
    account: { id: account.id, tier: account.tier },
    user: { id: user.id, email: user.email, role: user.role },
  });
}

export const legacyAuthRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { auth } = container.services;

  app.post(
    '/api/auth/signup',
    {
      config: { auth: 'none' },
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: { body: CredentialsSchema, response: { 201: SignedInSchema, ...errorResponses(400, 403, 409, 429) } },
    },
    (request, reply) => startSession(request, reply, 201, () => auth.signup({ ...request.body, ip: request.ip })),
  );

  app.post(
    '/api/auth/login',
    {
      config: { auth: 'none' },
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: { body: LoginCredentialsSchema, response: { 200: SignedInSchema, ...errorResponses(400, 401, 403, 429) } },
    },
    (request, reply) =>
      startSession(request, reply, 200, () => auth.login({ ...request.body, ip: request.ip, previousSessionId: sessionIdOf(request) })),
  );

  // Idempotent: ending a session that is already gone still clears the cookie.
  app.post(
    '/api/auth/logout',
    { config: { auth: 'none' }, bodyLimit: SMALL_BODY_LIMIT_BYTES, schema: { response: { 204: { type: 'null' }, ...errorResponses(403) } } },
    async (request, reply) => {
      assertSameSite(request);
      const sessionId = sessionIdOf(request);
      if (sessionId !== undefined) await auth.logout(sessionId);
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );
};
