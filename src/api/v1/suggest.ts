/** v1 and dashboard (same definition, see src/http/surfaces.ts) suggest: a rewrite for AI answers with claims, E-E-A-T signals and expected lift; mark applied. Beta. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { surfaceConfig, surfacePrefix, type SurfaceOptions } from '../../http/surfaces.js';
import { SuggestBodySchema, SuggestionIdParamsSchema, SuggestionSchema } from '../../features/suggest/suggest.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const suggestRoutes: FastifyPluginAsyncTypebox<{ container: Container } & SurfaceOptions> = async (app, { container, surface }) => {
  const prefix = surfacePrefix(surface);
  const { suggest } = container.services;
  const tags = ['Suggest'];

  app.post(
    `${prefix}/suggest`,
    {
      config: surfaceConfig(surface, 'write', 'Beta'),
      schema: {
        summary: 'Suggest a rewrite for AI answers',
        description: 'content ≤ 4000 characters; intent ∈ comparison, how-to, faq, review. expectedLift is estimated from the brand’s mention rate (docs/metrics.md).',
        tags,
        body: SuggestBodySchema,
        response: { 200: SuggestionSchema, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request) => suggest.suggest(principalOf(request).accountId, request.body),
  );

  app.post(
    `${prefix}/suggest/:id/apply`,
    {
      config: surfaceConfig(surface, 'write', 'Beta'),
      schema: {
        summary: 'Mark a suggestion applied',
        description: 'Starts the uplift measurement: later probes are compared with the 14 days before; `uplift.measured` fires when the lift is confirmed. 409 when applied already.',
        tags,
        params: SuggestionIdParamsSchema,
        response: { 200: SuggestionSchema, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => suggest.apply(principalOf(request).accountId, request.params.id),
  );
};
