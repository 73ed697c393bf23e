/** Dashboard sign-in: POST /api/auth/signup, /api/auth/login, /api/auth/logout. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { CredentialsSchema, LoginCredentialsSchema, SignedInSchema } from '../../features/auth/auth.schemas.js';
import { assertSameSite, clearSessionCookie, sessionIdOf, setSessionCookie } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';
import { SMALL_BODY_LIMIT_BYTES } from '../../http/json-body.js';
import type { AccountRow, UserRow } from '../../features/accounts/accounts.service.js';

const signedIn = ({ account, user }: { account: AccountRow; user: UserRow }) => ({
  account: { id: account.id, tier: account.tier },
  user: { id: user.id, email: user.email, role: user.role },
});

export const legacyAuthRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { auth } = container.services;

  app.post(
    '/api/auth/signup',
    {
      config: { auth: 'none' },
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: { body: CredentialsSchema, response: { 201: SignedInSchema, ...errorResponses(400, 403, 409, 429) } },
    },
    async (request, reply) => {
      assertSameSite(request);
      reply.header('cache-control', 'no-store');
      const result = await auth.signup({ ...request.body, ip: request.ip });
      setSessionCookie(request, reply, result.session);
      return reply.status(201).send(signedIn(result));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { auth: 'none' },
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: { body: LoginCredentialsSchema, response: { 200: SignedInSchema, ...errorResponses(400, 401, 403, 429) } },
    },
    async (request, reply) => {
      assertSameSite(request);
      reply.header('cache-control', 'no-store');
      const result = await auth.login({ ...request.body, ip: request.ip, previousSessionId: sessionIdOf(request) });
      setSessionCookie(request, reply, result.session);
      return signedIn(result);
    },
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
