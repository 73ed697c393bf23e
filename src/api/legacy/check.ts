/** POST /api/check/run — the free brand check (no sign-in; 5 per IP per day for anonymous callers). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { Type } from 'typebox';
import { suggestAliases } from '../../features/brands/aliases.js';
import { AliasSuggestQuerySchema, FreeCheckBodySchema, FreeCheckResponseSchema } from '../../features/scans/scans.schemas.js';
import { errorResponses } from '../../http/schemas.js';

export const legacyCheckRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { quickScans } = container.services;

  app.post(
    '/api/check/run',
    {
      config: { auth: 'optional', limit: 'legacy.check' },
      schema: { body: FreeCheckBodySchema, response: { 200: FreeCheckResponseSchema, ...errorResponses(400, 415, 429, 502) } },
    },
    async (request, reply) => {
      const result = await quickScans.freeCheck(request.body, request.principal?.accountId ?? null);
      const remaining = reply.getHeader('x-ratelimit-remaining');
      return { ...result, rateLimitRemaining: remaining === undefined ? null : Number(remaining) };
    },
  );

  // Offered as the user types a brand name (free check and brand forms); no scan, no quota.
  app.get(
    '/api/check/alias-suggestions',
    {
      config: { auth: 'none' },
      schema: { querystring: AliasSuggestQuerySchema, response: { 200: Type.Object({ name: Type.String(), aliases: Type.Array(Type.String()) }), ...errorResponses(400) } },
    },
    async (request) => ({ name: request.query.name, aliases: suggestAliases(request.query.name) }),
  );
};
