/**
 * Tiny v1 routes for tests until the real v1 resources exist: one per scope, and one that
 * reads an object (an API key) of the caller's account, so "another account's object" is testable.
 */
import type { Container } from '../../src/container.js';
import { principalOf } from '../../src/http/auth.js';
import { notFound } from '../../src/lib/errors.js';
import type { App } from '../../src/http/types.js';

export function registerV1TestRoutes(app: App, container: Container) {
  // Declares nothing about auth: v1 routes are protected by default (GET → scope read).
  app.get<{ Params: { id: string } }>('/api/v1/_test/keys/:id', { config: { stability: 'Beta', limit: 'v1' } }, async (request) => {
    const keys = await container.services.keys.list(principalOf(request).accountId);
    const key = keys.find((k) => k.id === request.params.id);
    if (!key) throw notFound('API key');
    return { id: key.id, prefix: key.prefix };
  });
  app.post('/api/v1/_test/things', { config: { stability: 'Beta', scope: 'write', limit: 'v1' } }, async (request, reply) =>
    reply.status(201).send({ accountId: principalOf(request).accountId }),
  );
  app.post('/api/v1/_test/admin', { config: { stability: 'Beta', scope: 'admin', limit: 'v1' } }, async () => ({ ok: true }));
}
