/**
 * v1 and dashboard (same definition, see src/http/surfaces.ts) brands: list, create (402 beyond the
 * tier's quota), detail with the last scan (Stable); edit, delete and competitor candidates (Beta).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { surfaceConfig, surfacePrefix, type SurfaceOptions } from '../../http/surfaces.js';
import {
  BrandCreatedSchema,
  BrandDetailSchema,
  BrandIdParamsSchema,
  BrandListSchema,
  BrandUpdatedSchema,
  CompetitorCandidatesSchema,
  CreateBrandBodySchema,
  PatchBrandBodySchema,
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
      return reply.status(201).send({ brand, persisted: true, aliasSuggestions: brands.aliasSuggestions(brand) });
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

  app.patch(
    `${prefix}/brands/:id`,
    {
      config: surfaceConfig(surface, 'write', 'Beta'),
      schema: {
        summary: 'Edit a brand',
        description: 'Any of name, category, website, aliases, competitors ({name, aliases} or plain names), officialAccounts, locale; absent fields stay. Past runs keep the names they were scanned with.',
        tags,
        params: BrandIdParamsSchema,
        body: PatchBrandBodySchema,
        response: { 200: BrandUpdatedSchema, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request) => {
      const brand = await brands.update(principalOf(request).accountId, request.params.id, request.body);
      return { brand, aliasSuggestions: brands.aliasSuggestions(brand) };
    },
  );

  app.delete(
    `${prefix}/brands/:id`,
    {
      // Deleting a brand deletes its history: an admin's decision, on both surfaces (a v1 key acts
      // with its creator's role).
      config: { ...surfaceConfig(surface, 'write', 'Beta'), role: 'admin' as const },
      schema: {
        summary: 'Delete a brand',
        description: 'Deletes the brand, its prompt packs, incidents and answer history; its runs stay (unlinked) in the usage history. 204 on success.',
        tags,
        params: BrandIdParamsSchema,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await brands.remove(principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${prefix}/brands/:id/competitor-candidates`,
    {
      config: surfaceConfig(surface, 'read', 'Beta'),
      schema: {
        summary: 'Competitor candidates',
        description: 'Brands the answers of the last 30 days list in at least two answers that the brand does not track, most frequent first (at most 10).',
        tags,
        params: BrandIdParamsSchema,
        response: { 200: CompetitorCandidatesSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => brands.competitorCandidates(principalOf(request).accountId, request.params.id),
  );
};
