/**
 * GET /api/plan: the signed-in account's tier, its quotas used and left, and what the next tier
 * gives (the dashboard's plan page and the limits shown beside forms). Any team role may read it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { PlanSchema } from '../../features/plans/plans.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const legacyPlanRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  app.get(
    '/api/plan',
    // Usage moves with every request elsewhere: never served from the read cache.
    { config: { auth: 'session', readCache: false }, schema: { querystring: Type.Object({}, { additionalProperties: false }), response: { 200: PlanSchema, ...errorResponses(400, 401) } } },
    (request) => container.services.plans.plan(principalOf(request)),
  );
};
