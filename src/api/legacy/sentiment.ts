/** GET /api/sentiment/overview — sentiment among mentions per day, totals and alerts (JSON or CSV). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { sendRows } from '../../http/csv-reply.js';
import { BrandDaysQuerySchema, SentimentResponseSchema } from '../../features/dashboard/dashboard.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const legacySentimentRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { dashboard } = container.services;
  app.get(
    '/api/sentiment/overview',
    {
      config: { auth: 'legacy', limit: 'legacy.dashboard' },
      schema: {
        summary: 'Sentiment overview and alerts',
        description:
          'Per UTC day: positive, neutral and negative mentions and the negative share with its 95 % Wilson interval; ' +
          '`alerts` lists negative-spike incidents active in the window and the live check of the last 2 days. ' +
          '`prompts=unbranded` counts only the mentions the headline counts. ' +
          'Send `Accept: text/csv` or `format=csv` for the daily rows as CSV.',
        tags: ['Dashboard'],
        querystring: BrandDaysQuerySchema,
        response: { 200: SentimentResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const result = await dashboard.sentiment(principalOf(request).accountId, q.brand_id, q.days, q.prompts ?? 'all');
      return sendRows(request, reply, q.format, result, { filename: 'sentiment-overview' });
    },
  );
};
