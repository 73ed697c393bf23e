/**
 * Knowledge base and content check (dashboard endpoints, cookie or legacy Bearer): pages raise
 * wiki.page.created / wiki.page.updated, new findings raise lint.issue.detected.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import {
  CheckBodySchema,
  CheckResponseSchema,
  CreatePageBodySchema,
  PageIdParamsSchema,
  PageListSchema,
  PageSchema,
  PagesQuerySchema,
  UpdatePageBodySchema,
} from '../../features/content/content.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const legacyContentRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { content } = container.services;
  const config = { auth: 'legacy', limit: 'legacy.dashboard' } as const;
  const tags = ['Content'];

  app.get(
    '/api/content/pages',
    { config, schema: { summary: 'Knowledge-base pages', tags, querystring: PagesQuerySchema, response: { 200: PageListSchema, ...errorResponses(400, 401, 403, 404, 429) } } },
    async (request) => content.list(principalOf(request).accountId, request.query.brand_id),
  );

  app.post(
    '/api/content/pages',
    {
      config,
      schema: { summary: 'Add a knowledge-base page', description: 'Raises wiki.page.created and lint.issue.detected per finding.', tags, body: CreatePageBodySchema, response: { 201: PageSchema, ...errorResponses(400, 401, 403, 404, 415, 429) } },
    },
    async (request, reply) => {
      const b = request.body;
      const page = await content.create(principalOf(request).accountId, { brandId: b.brand_id, title: b.title, body: b.body, url: b.url });
      return reply.status(201).send(page);
    },
  );

  app.put(
    '/api/content/pages/:id',
    {
      config,
      schema: { summary: 'Change a knowledge-base page', description: 'Raises wiki.page.updated, and lint.issue.detected for findings the page did not have before.', tags, params: PageIdParamsSchema, body: UpdatePageBodySchema, response: { 200: PageSchema, ...errorResponses(400, 401, 403, 404, 415, 429) } },
    },
    async (request) => content.update(principalOf(request).accountId, request.params.id, request.body),
  );

  app.post(
    '/api/content/check',
    {
      config,
      schema: { summary: 'Check content', description: 'Readability and structure findings for Chinese and English text (nothing is stored).', tags, body: CheckBodySchema, response: { 200: CheckResponseSchema, ...errorResponses(400, 401, 403, 415, 429) } },
    },
    async (request) => content.check(request.body.text),
  );
};
