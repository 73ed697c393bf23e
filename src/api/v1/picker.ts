/** GET /api/v1/picker — the prompts worth sampling next (predicted information gain). Beta. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { PickerQuerySchema, PickerResponseSchema } from '../../features/picker/picker.schemas.js';
import { principalOf } from '../../http/auth.js';
import { DEFAULT_PICKER_LIMIT } from '../../features/picker/picker.service.js';
import { errorResponses } from '../../http/schemas.js';

export const v1PickerRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { picker } = container.services;
  app.get(
    '/api/v1/picker',
    {
      config: { stability: 'Beta', scope: 'read', limit: 'v1' },
      schema: {
        summary: 'Prompt picker',
        description:
          "About 5 % of the brand's prompts (ceil, at least 3, at most `limit`), highest predicted information gain first. " +
          '`reason` is one of never_sampled, recent_change, stale, high_uncertainty. The monitoring scheduler samples the same list.',
        tags: ['Picker'],
        querystring: PickerQuerySchema,
        response: { 200: PickerResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => picker.pick(principalOf(request).accountId, request.query.brandId, request.query.limit ?? DEFAULT_PICKER_LIMIT),
  );
};
