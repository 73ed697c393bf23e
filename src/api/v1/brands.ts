/** v1 and dashboard (same definition, see src/http/surfaces.ts) brands: list, create (402 beyond the tier's quota), detail with the last scan. Stable. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { surfaceConfig, surfacePrefix, type SurfaceOptions } from '../../http/surfaces.js';
import {
  BrandCreatedSchema,
  BrandDetailSchema,
  BrandIdParamsSchema,
  BrandListSchema,
  CreateBrandBodySchema,
} from '../../features/brands/brands.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const brandRoutes: FastifyPluginAsyncTypebox<{ container: Container } & SurfaceOptions> = async (app, { container, surface }) => {
  const prefix = surfacePrefix(surface);
  const { brands } = container.services;
  const tags = ['Brands'];

  app.get(
    `${prefix}/brands`,
    {
      config: surfaceConfig(surface, 'read', 'Stable'),
      schema: { summary: 'List brands', description: "At most 100 brands of the key's account, newest first.", tags, response: { 200: BrandListSchema, ...errorResponses(401, 403, 429) } },
    },
    async (request) => ({ brands: await brands.list(principalOf(request).accountId), persisted: true, authed: true }),
  );

  app.post(
    `${prefix}/brands`,
    {
      config: surfaceConfig(surface, 'write', 'Stable'),
      schema: {
        summary: 'Create a brand',
        description: "name and category required; website optional. 402 when the tier's brand quota is used up.",
        tags,
        body: CreateBrandBodySchema,
        response: { 201: BrandCreatedSchema, ...errorResponses(400, 401, 402, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const brand = await brands.create({ accountId: p.accountId, userId: p.userId, tier: p.tier, customLimits: p.customLimits }, request.body);
      return reply.status(201).send({ brand, persisted: true });
    },
  );

  app.get(
    `${prefix}/brands/:id`,
    {
      config: surfaceConfig(surface, 'read', 'Stable'),
      schema: {
        summary: 'Brand detail',
        description: 'The brand and its last finished scan (null before the first).',
        tags,
        params: BrandIdParamsSchema,
        response: { 200: BrandDetailSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => brands.detail(principalOf(request).accountId, request.params.id),
  );
};
