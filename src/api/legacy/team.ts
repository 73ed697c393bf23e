/**
 * The team of an account on the dashboard surface (session cookie; docs/auth.md "Team"):
 * members and roles, invitations, accepting one. Reading the team needs any role; inviting and
 * changing others needs owner or admin (owners for owners: the service decides what depends on
 * the target); anyone may leave (DELETE their own membership).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import {
  AcceptBodySchema,
  AcceptedSchema,
  CreatedInviteSchema,
  InviteBodySchema,
  InviteIdParamsSchema,
  InviteListSchema,
  InvitePreviewSchema,
  MemberListSchema,
  MemberParamsSchema,
  MemberSchema,
  PreviewBodySchema,
  RoleBodySchema,
} from '../../features/team/team.schemas.js';
import { assertSameSite, principalOf, sessionIdOf, setSessionCookie } from '../../http/auth.js';
import { SMALL_BODY_LIMIT_BYTES } from '../../http/json-body.js';
import { errorResponses } from '../../http/schemas.js';

/** Documented in the OpenAPI document as cookie-authenticated dashboard operations. */
const signedIn = [{ sessionCookie: [] }];
const stability = 'Beta' as const;

export const legacyTeamRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { team, invites } = container.services;
  const { publicUrl } = container.config;
  const read = { auth: 'session', role: 'viewer', stability } as const;
  const manage = { auth: 'session', role: 'admin', stability } as const;
  /** Links point at PUBLIC_URL when set (behind a proxy the request's own Host may be internal). */
  const baseUrl = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    '/api/team/members',
    { config: read, schema: { security: signedIn, response: { 200: MemberListSchema, ...errorResponses(401, 403) } } },
    async (request) => ({ data: await team.members(principalOf(request)) }),
  );

  app.patch(
    '/api/team/members/:userId',
    {
      config: manage,
      schema: { security: signedIn, params: MemberParamsSchema, body: RoleBodySchema, response: { 200: MemberSchema, ...errorResponses(400, 401, 403, 404, 409, 415) } },
    },
    async (request) => team.changeRole(principalOf(request), request.params.userId, request.body.role),
  );

  // Any role: removing yourself is leaving; removing someone else needs owner or admin (service).
  app.delete(
    '/api/team/members/:userId',
    { config: read, schema: { security: signedIn, params: MemberParamsSchema, response: { 204: { type: 'null' }, ...errorResponses(401, 403, 404, 409) } } },
    async (request, reply) => {
      await team.remove(principalOf(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/team/invites',
    { config: manage, schema: { security: signedIn, response: { 200: InviteListSchema, ...errorResponses(401, 403) } } },
    async (request) => ({ data: await invites.list(principalOf(request).accountId) }),
  );

  app.post(
    '/api/team/invites',
    {
      config: manage,
      schema: { security: signedIn, body: InviteBodySchema, response: { 201: CreatedInviteSchema, ...errorResponses(400, 401, 403, 409, 415) } },
    },
    async (request, reply) => {
      const created = await invites.create(principalOf(request), request.body, baseUrl(request));
      // The link is a credential and is in this body only.
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/team/invites/:id',
    { config: manage, schema: { security: signedIn, params: InviteIdParamsSchema, response: { 204: { type: 'null' }, ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      await invites.withdraw(principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // The invitation page: who invited whom, as what, and whether to sign in or choose a password.
  app.post(
    '/api/team/invites/preview',
    {
      config: { auth: 'none', stability },
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: { security: [], body: PreviewBodySchema, response: { 200: InvitePreviewSchema, ...errorResponses(400, 404, 409, 410, 415) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return invites.preview(request.body.token);
    },
  );

  // Signed out: a new user in the team (password required). Signed in: that user joins.
  app.post(
    '/api/team/invites/accept',
    {
      config: { auth: 'optional', role: 'viewer', stability },
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: {
        security: [{}, ...signedIn],
        body: AcceptBodySchema,
        response: { 200: AcceptedSchema, ...errorResponses(400, 401, 403, 404, 409, 410, 415, 429) },
      },
    },
    async (request, reply) => {
      // Like sign-up: another site must not sign this browser in to a user of its choosing.
      assertSameSite(request);
      const { session, ...accepted } = await team.accept({
        token: request.body.token,
        password: request.body.password,
        principal: request.principal,
        sessionId: sessionIdOf(request),
        ip: request.ip,
      });
      setSessionCookie(request, reply, session);
      // The invitee may be anonymous: the members' cached reads (the invitation list) are stale.
      request.writtenAccountId = accepted.account.id;
      return accepted;
    },
  );
};
