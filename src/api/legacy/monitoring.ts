/** GET /api/monitoring/throttles: the platforms the caller's account is monitored on at a slower cadence. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { ThrottleListSchema } from '../../features/monitoring/monitoring.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const legacyMonitoringRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  app.get(
    '/api/monitoring/throttles',
    { config: { auth: 'legacy' }, schema: { response: { 200: ThrottleListSchema, ...errorResponses(401, 403) } } },
    async (request) => {
      const { accountId, tier } = principalOf(request);
      return { throttles: await container.services.monitoring.throttles(accountId, tier) };
    },
  );
};
