/**
 * A "failing for 24 h" webhook alert stored as the delivery path stores it (delivery.repo's
 * insertAlert), on a new webhook of the brand: for tests about showing and acknowledging alerts,
 * which should not wait a day (or drive a failing receiver) to get one.
 */
import type { Container } from '../../src/container.js';
import { insertAlert } from '../../src/features/webhooks/delivery.repo.js';

export async function seedFailingAlert(
  container: Container,
  owner: { accountId: string; userId: string },
  brandId: string,
  options: { webhookName?: string; raisedAt?: Date } = {},
): Promise<{ alertId: string; webhookId: string }> {
  const name = options.webhookName ?? 'Failing receiver';
  const { webhook } = await container.services.webhooks.create(owner, {
    brandId,
    name,
    url: 'https://hooks.example.com/failing',
    events: ['sentinel.triggered'],
    source: 'dashboard',
  });
  const raisedAt = options.raisedAt ?? new Date();
  const failingSince = new Date(raisedAt.getTime() - 24 * 3_600_000);
  const alertId = await insertAlert(container.db, {
    webhookId: webhook.id,
    accountId: owner.accountId,
    brandId,
    failingSince,
    message: `Webhook "${name}" has failed every delivery for 24 hours or more (last error: HTTP 503).`,
    createdAt: raisedAt,
  });
  if (!alertId) throw new Error('seedFailingAlert: no alert inserted');
  return { alertId, webhookId: webhook.id };
}
