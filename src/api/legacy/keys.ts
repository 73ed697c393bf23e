/** The dashboard key page API: GET/POST /api/keys, DELETE /api/keys/:id (session, owner or admin). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { CreateKeyBodySchema, CreatedKeySchema, KeyIdParamsSchema, KeyListSchema } from '../../features/keys/keys.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const legacyKeyRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { keys } = container.services;
  const config = { auth: 'session', role: 'admin' } as const;

  app.get('/api/keys', { config, schema: { response: { 200: KeyListSchema, ...errorResponses(401, 403) } } }, async (request) => ({
    data: await keys.list(principalOf(request).accountId),
  }));

  app.post(
    '/api/keys',
    { config, schema: { body: CreateKeyBodySchema, response: { 201: CreatedKeySchema, ...errorResponses(400, 401, 403, 409) } } },
    async (request, reply) => {
      const { accountId, userId } = principalOf(request);
      const created = await keys.create({ accountId, userId, ...request.body });
      // The key is in this body only: no cache may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api/keys/:id',
    { config, schema: { params: KeyIdParamsSchema, response: { 204: { type: 'null' }, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await keys.revoke(principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
