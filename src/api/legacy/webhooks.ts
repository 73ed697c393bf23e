/**
 * Dashboard webhooks (session cookie; docs/webhooks.md "Dashboard API"). Owners and admins only,
 * reading included: a webhook sends the brand's data outside Sightline, and a chat robot's URL is
 * itself the credential to post into the group (like API keys, which only admins list). The
 * account's alerts are for every role to read and for members and above to acknowledge. Another
 * account's webhook, alert or brand answers 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import {
  AlertIdParamsSchema,
  AlertListSchema,
  AlertSchema,
  AlertsQuerySchema,
  CreatedWebhookSchema,
  CreateWebhookBodySchema,
  DeliveriesQuerySchema,
  DeliveryListSchema,
  OptionalBrandQuerySchema,
  TestSentSchema,
  TestWebhookBodySchema,
  UpdateWebhookBodySchema,
  WebhookIdParamsSchema,
  WebhookListSchema,
  WebhookSchema,
} from '../../features/webhooks/webhooks.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

export const legacyWebhookRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { webhooks } = container.services;
  // Delivery states change in the worker, not through this account's writes: always read live
  // (the read cache would show a delivery as pending for up to READ_CACHE_MS after it landed).
  const read = { auth: 'session', role: 'admin', readCache: false } as const;
  const write = { auth: 'session', role: 'admin' } as const;
  const alertsConfig = { auth: 'session', role: 'viewer', readCache: false } as const;
  // Acknowledging silences the notice for the whole team: members and above, never a read-only
  // viewer (docs/decisions.md "Who acknowledges an alert").
  const acknowledgeConfig = { auth: 'session', role: 'member' } as const;
  const params = WebhookIdParamsSchema;

  app.get(
    '/api/webhooks',
    { config: read, schema: { querystring: OptionalBrandQuerySchema, response: { 200: WebhookListSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const { accountId } = principalOf(request);
      const { brandId } = request.query;
      return { data: brandId === undefined ? await webhooks.listForAccount(accountId) : await webhooks.listForBrand(accountId, brandId) };
    },
  );

  app.post(
    '/api/webhooks',
    {
      config: write,
      schema: { body: CreateWebhookBodySchema, response: { 201: CreatedWebhookSchema, ...errorResponses(400, 401, 403, 404, 409, 415) } },
    },
    async (request, reply) => {
      const { accountId, userId } = principalOf(request);
      const created = await webhooks.create({ accountId, userId }, { ...request.body, source: 'dashboard' });
      // The secret is in this body only: no cache may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    '/api/webhooks/:id',
    { config: read, schema: { params, response: { 200: WebhookSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => webhooks.get(principalOf(request).accountId, request.params.id),
  );

  app.patch(
    '/api/webhooks/:id',
    {
      config: write,
      schema: { params, body: UpdateWebhookBodySchema, response: { 200: WebhookSchema, ...errorResponses(400, 401, 403, 404, 415) } },
    },
    async (request) => webhooks.update(principalOf(request).accountId, request.params.id, request.body),
  );

  app.delete(
    '/api/webhooks/:id',
    { config: write, schema: { params, response: { 204: { type: 'null' }, ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      await webhooks.remove(principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      config: write,
      schema: { params, body: TestWebhookBodySchema, response: { 202: TestSentSchema, ...errorResponses(400, 401, 403, 404, 415) } },
    },
    async (request, reply) => {
      const sent = await webhooks.sendTest(principalOf(request).accountId, request.params.id, request.body?.event);
      return reply.status(202).send(sent);
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    { config: read, schema: { params, querystring: DeliveriesQuerySchema, response: { 200: DeliveryListSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => ({ data: await webhooks.deliveries(principalOf(request).accountId, request.params.id, request.query.limit) }),
  );

  app.get(
    '/api/alerts',
    { config: alertsConfig, schema: { querystring: AlertsQuerySchema, response: { 200: AlertListSchema, ...errorResponses(400, 401, 404) } } },
    async (request) => ({ data: await webhooks.alerts(principalOf(request).accountId, request.query) }),
  );

  app.post(
    '/api/alerts/:id/acknowledge',
    { config: acknowledgeConfig, schema: { params: AlertIdParamsSchema, response: { 200: AlertSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const { accountId, userId } = principalOf(request);
      return webhooks.acknowledgeAlert(accountId, userId, request.params.id);
    },
  );
};
