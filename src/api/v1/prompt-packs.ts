/** v1 prompt packs (extension): an account's own packs, and the one bound as its probe default. Beta. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { CreatePackBodySchema, PackDetailSchema, PackIdParamsSchema, PackListSchema } from '../../features/prompts/prompts.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';
import { isUuid } from '../../lib/uuid.js';
import { notFound } from '../../lib/errors.js';

export const v1PromptPackRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { prompts } = container.services;
  const tags = ['Prompt packs'];
  const packId = (id: string) => {
    if (!isUuid(id)) throw notFound('Prompt pack');
    return id;
  };

  app.get(
    '/api/v1/prompt-packs',
    {
      config: { stability: 'Beta', scope: 'read', limit: 'v1' },
      schema: { summary: 'List prompt packs', description: "The account's packs (brands' default packs and its own) and which one is bound.", tags, response: { 200: PackListSchema, ...errorResponses(401, 403, 429) } },
    },
    async (request) => prompts.listPacks(principalOf(request).accountId),
  );

  app.post(
    '/api/v1/prompt-packs',
    {
      config: { stability: 'Beta', scope: 'write', limit: 'v1' },
      schema: {
        summary: 'Create a prompt pack',
        description: 'Up to 200 prompts, each with an AIDA stage and an intent; `bind: true` makes it the default of probes that name no pack.',
        tags,
        body: CreatePackBodySchema,
        response: { 201: PackDetailSchema, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await prompts.createPack(principalOf(request).accountId, request.body)),
  );

  app.get(
    '/api/v1/prompt-packs/:id',
    {
      config: { stability: 'Beta', scope: 'read', limit: 'v1' },
      schema: { summary: 'Prompt pack detail', tags, params: PackIdParamsSchema, response: { 200: PackDetailSchema, ...errorResponses(401, 403, 404, 429) } },
    },
    async (request) => prompts.getPack(principalOf(request).accountId, packId(request.params.id)),
  );

  app.post(
    '/api/v1/prompt-packs/:id/bind',
    {
      config: { stability: 'Beta', scope: 'write', limit: 'v1' },
      schema: { summary: 'Bind a prompt pack', description: 'Probes that name no pack use this one from now on.', tags, params: PackIdParamsSchema, response: { 200: PackDetailSchema, ...errorResponses(401, 403, 404, 429) } },
    },
    async (request) => prompts.bind(principalOf(request).accountId, packId(request.params.id)),
  );
};
