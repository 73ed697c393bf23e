/** GET /api/me: the caller's account, tier, role, limits and this month's usage (cookie or legacy key). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { ProfileSchema } from '../../features/accounts/accounts.schemas.js';
import { profileOf } from '../../features/accounts/profile.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const legacyMeRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  app.get(
    '/api/me',
    { config: { auth: 'legacy' }, schema: { response: { 200: ProfileSchema, ...errorResponses(401, 403) } } },
    (request) => profileOf(container.services, principalOf(request)),
  );
};
