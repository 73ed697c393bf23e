/**
 * v1 webhooks (Beta): register, list, delete. v1 events only, signed `sha256=…` (GitHub's
 * scheme). `brandId` is optional: omitted, the webhook receives the events of every brand of the
 * account (the spec's registration has no brand). Needs a key with the admin scope: a webhook
 * sends the account's data to an outside address.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import type { WebhookView } from '../../features/webhooks/webhooks.service.js';
import { V1CreateWebhookBodySchema, V1WebhookListSchema, V1WebhookRegistrationSchema, WebhookIdParamsSchema } from '../../features/webhooks/webhooks.schemas.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

const fields = (w: WebhookView) => ({ webhookId: w.id, url: w.url, events: w.events, description: w.description, brandId: w.brandId, createdAt: w.createdAt });

export const v1WebhookRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { webhooks } = container.services;
  // Admin scope, and a key whose creator is (still) an owner or admin: admins manage webhooks.
  const config = { stability: 'Beta', scope: 'admin', role: 'admin', limit: 'v1' } as const;
  const tags = ['Webhooks'];

  app.post(
    '/api/v1/webhooks',
    {
      config,
      schema: {
        summary: 'Register a webhook',
        description: 'HTTPS url (a bare domain gets https://), v1 events, optional description and brandId (omitted: all brands). The secret is returned once.',
        tags,
        body: V1CreateWebhookBodySchema,
        response: { 201: V1WebhookRegistrationSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request, reply) => {
      const { accountId, userId } = principalOf(request);
      const { brandId, ...rest } = request.body;
      const { webhook, secret } = await webhooks.create({ accountId, userId }, { ...rest, brandId: brandId ?? null, source: 'api', onlySet: 'v1' });
      return reply.status(201).header('cache-control', 'no-store').send({ ...fields(webhook), secret });
    },
  );

  app.get(
    '/api/v1/webhooks',
    {
      config,
      schema: { summary: 'List webhooks', description: 'The webhooks registered through v1 (never the secrets). Webhooks made in the dashboard are managed there and are not listed here.', tags, response: { 200: V1WebhookListSchema, ...errorResponses(401, 403, 429) } },
    },
    async (request) => {
      const list = await webhooks.listForAccount(principalOf(request).accountId, 'api');
      const items = list.map((w) => ({ ...fields(w), enabled: w.enabled, consecutiveFailures: w.consecutiveFailures, lastError: w.lastError, lastTriggeredAt: w.lastTriggeredAt }));
      return { webhooks: items, total: items.length };
    },
  );

  app.delete(
    '/api/v1/webhooks/:id',
    {
      config,
      schema: { summary: 'Delete a webhook', description: 'Pending deliveries are dropped with it. Only webhooks registered through v1; a dashboard webhook answers 404 here.', tags, params: WebhookIdParamsSchema, response: { 204: { type: 'null' }, ...errorResponses(401, 403, 404, 429) } },
    },
    async (request, reply) => {
      await webhooks.remove(principalOf(request).accountId, request.params.id, 'api');
      return reply.status(204).send(null);
    },
  );
};
