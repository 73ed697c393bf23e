/** The prompt manager on both surfaces (src/http/surfaces.ts): a brand's questions, listed, added, edited, disabled and imported. Beta. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { BrandIdParamsSchema } from '../../features/brands/brands.schemas.js';
import {
  AddPromptBodySchema,
  BrandPromptListSchema,
  BrandPromptParamsSchema,
  BrandPromptSchema,
  BrandPromptsQuerySchema,
  EditPromptBodySchema,
  ImportPromptsBodySchema,
  ImportResultSchema,
} from '../../features/prompts/prompt-manager.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';
import { surfaceConfig, surfacePrefix, type SurfaceOptions } from '../../http/surfaces.js';

export const brandPromptRoutes: FastifyPluginAsyncTypebox<{ container: Container } & SurfaceOptions> = async (app, { container, surface }) => {
  const prefix = surfacePrefix(surface);
  const { promptManager } = container.services;
  const tags = ['Prompts'];

  app.get(
    `${prefix}/brands/:id/prompts`,
    {
      config: surfaceConfig(surface, 'read', 'Beta'),
      schema: {
        summary: "A brand's prompts",
        description: 'Every question of the brand (its default pack), with stage, intent, locale, enabled, and `branded` computed from the current names; `locale` filters.',
        tags,
        params: BrandIdParamsSchema,
        querystring: BrandPromptsQuerySchema,
        response: { 200: BrandPromptListSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => promptManager.list(principalOf(request).accountId, request.params.id, request.query),
  );

  app.post(
    `${prefix}/brands/:id/prompts`,
    {
      config: surfaceConfig(surface, 'write', 'Beta'),
      schema: {
        summary: 'Add a prompt',
        description: 'Stage and intent are guessed from the wording when absent, locale from the script. 409 when the brand asks this question already.',
        tags,
        params: BrandIdParamsSchema,
        body: AddPromptBodySchema,
        response: { 201: BrandPromptSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await promptManager.add(principalOf(request).accountId, request.params.id, request.body)),
  );

  app.patch(
    `${prefix}/brands/:id/prompts/:promptId`,
    {
      config: surfaceConfig(surface, 'write', 'Beta'),
      schema: {
        summary: 'Edit or disable a prompt',
        description: 'Any of text, locale, stage, intent, enabled. A new text is a new question from now on; answers to the old one keep its text.',
        tags,
        params: BrandPromptParamsSchema,
        body: EditPromptBodySchema,
        response: { 200: BrandPromptSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request) => promptManager.edit(principalOf(request).accountId, request.params.id, request.params.promptId, request.body),
  );

  app.post(
    `${prefix}/brands/:id/prompts/import`,
    {
      config: surfaceConfig(surface, 'write', 'Beta'),
      schema: {
        summary: 'Import prompts from CSV',
        description: 'Up to 200 rows; columns text, locale, stage, intent, enabled. All or nothing: a bad row is a 400 naming its line and column; questions already asked are skipped and listed.',
        tags,
        params: BrandIdParamsSchema,
        body: ImportPromptsBodySchema,
        response: { 200: ImportResultSchema, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request) => promptManager.importCsv(principalOf(request).accountId, request.params.id, request.body.csv),
  );
};
