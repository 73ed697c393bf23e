/**
 * Managing webhooks (dashboard and v1): create with a secret shown once, list, update,
 * enable/disable, delete, send a test event, read the delivery log and the alerts, acknowledge one. Every read and
 * write is scoped to the caller's account; another account's webhook or brand is "not found".
 */
import type { AccountsService } from '../accounts/accounts.service.js';
import type { Db } from '../../db/client.js';
import type { EventSet } from '../../db/schema/webhooks.js';
import { DomainError, badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { checkSubscribedEvents, isEventName, type EventName } from '../events/catalogue.js';
import type { EventsService } from '../events/events.service.js';
import { detectRobot } from './robots.js';
import { generateWebhookSecret } from './signing.js';
import { normalizeWebhookUrl } from './url-rules.js';
import * as repo from './webhooks.repo.js';
import { toAlertView, toDeliveryViews, toWebhookView, type AlertView, type DeliveryView, type WebhookView } from './webhooks.views.js';

export type { AlertView, DeliveryView, WebhookView } from './webhooks.views.js';

/** Per brand, and separately account-wide: enough for a few receivers and robots per team. */
export const MAX_WEBHOOKS_PER_SCOPE = 10;
export const MAX_NAME_LENGTH = 64;
export const DELIVERY_LOG_LIMIT = 50;
export const ALERT_LIST_LIMIT = 100;

export interface WebhookOwner {
  accountId: string;
  userId: string | null;
}

export interface CreateWebhookInput {
  /** null: account-wide (v1 registration without brandId). */
  brandId: string | null;
  name?: string | undefined;
  url: string;
  events: readonly string[];
  /** DingTalk / Feishu robot signing secret. */
  signingSecret?: string | undefined;
  description?: string | undefined;
  source: 'dashboard' | 'api';
  /** The v1 API accepts v1 events only. */
  onlySet?: EventSet;
}

export interface UpdateWebhookInput {
  name?: string | undefined;
  url?: string | undefined;
  events?: readonly string[] | undefined;
  enabled?: boolean | undefined;
  /** null removes it. */
  signingSecret?: string | null | undefined;
  description?: string | null | undefined;
}

interface BrandsPort {
  owned(accountId: string, brandId: string): Promise<unknown>;
}

const limitReached = (where: string) =>
  new DomainError('WEBHOOK_LIMIT_REACHED', `At most ${MAX_WEBHOOKS_PER_SCOPE} webhooks ${where}; delete one first.`);

function cleanName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw badRequest('name must not be blank', { field: 'name' });
  if ([...name].length > MAX_NAME_LENGTH) throw badRequest(`name must be at most ${MAX_NAME_LENGTH} characters`, { field: 'name' });
  return name;
}

/** A name when the v1 API gives none: the description's start, else the receiver's host. */
function defaultName(description: string | undefined, url: string): string {
  const fromDescription = description?.trim().replace(/\s+/g, ' ');
  const base = fromDescription || new URL(url).host;
  return [...base].slice(0, MAX_NAME_LENGTH).join('');
}

export function createWebhooksService(deps: {
  db: Db;
  now: () => number;
  accounts: Pick<AccountsService, 'lock'>;
  brands: BrandsPort;
  events: EventsService;
  allowPrivateNetworks: boolean;
}) {
  const { db, now, accounts, brands, events } = deps;

  function checkUrl(raw: string): string {
    const checked = normalizeWebhookUrl(raw, { allowPrivateNetworks: deps.allowPrivateNetworks });
    if (!checked.ok) throw badRequest(`url: ${checked.message}`, { field: 'url' });
    return checked.url;
  }

  function checkEvents(list: readonly string[], onlySet?: EventSet): { set: EventSet; events: EventName[] } {
    const checked = checkSubscribedEvents(list);
    if (!checked.ok) throw badRequest(`events: ${checked.message}`, { field: 'events' });
    if (onlySet && checked.set !== onlySet) {
      throw badRequest(`events: this endpoint subscribes to ${onlySet} events only; the dashboard manages ${checked.set} webhooks`, { field: 'events' });
    }
    return checked;
  }

  /** Robot signing applies to DingTalk and Feishu; WeCom has none and a plain receiver uses the whsec_ secret. */
  function checkSigningSecret(url: string, secret: string | null | undefined): string | null {
    if (secret === undefined || secret === null || secret.trim() === '') return null;
    const robot = detectRobot(url);
    if (robot !== 'dingtalk' && robot !== 'feishu') {
      throw badRequest('signingSecret applies to DingTalk and Feishu robot URLs only', { field: 'signingSecret' });
    }
    return secret.trim();
  }

  async function owned(accountId: string, id: string): Promise<repo.WebhookRow> {
    const row = isUuid(id) ? await repo.findWebhook(db, accountId, id) : undefined;
    if (!row) throw notFound('Webhook');
    return row;
  }

  type WebhookOwnerSource = repo.WebhookRow['source'];

  /** Views with each webhook's next retry time (one query for the whole list). */
  async function viewsOf(rows: repo.WebhookRow[]): Promise<WebhookView[]> {
    const retries = await repo.nextRetries(db, rows.map((r) => r.id));
    return rows.map((r) => toWebhookView(r, retries.get(r.id) ?? null));
  }

  return {
    async create(owner: WebhookOwner, input: CreateWebhookInput): Promise<{ webhook: WebhookView; secret: string }> {
      const url = checkUrl(input.url);
      const subscribed = checkEvents(input.events, input.onlySet);
      const name = cleanName(input.name ?? defaultName(input.description, url));
      const robotSigningSecret = checkSigningSecret(url, input.signingSecret);
      if (input.brandId !== null) await brands.owned(owner.accountId, input.brandId);
      const secret = generateWebhookSecret();
      const row = await db.transaction(async (tx) => {
        await accounts.lock(tx, owner.accountId);
        if ((await repo.countWebhooks(tx, owner.accountId, input.brandId)) >= MAX_WEBHOOKS_PER_SCOPE) {
          throw limitReached(input.brandId === null ? 'account-wide' : 'per brand');
        }
        const at = new Date(now());
        return repo.insertWebhook(tx, {
          accountId: owner.accountId,
          brandId: input.brandId,
          name,
          url,
          eventSet: subscribed.set,
          events: subscribed.events,
          secret,
          robotSigningSecret,
          description: input.description?.trim() || null,
          source: input.source,
          createdBy: owner.userId,
          createdAt: at,
          updatedAt: at,
        });
      });
      return { webhook: toWebhookView(row), secret };
    },

    /** A brand's webhooks, plus the account-wide ones (they receive this brand's events too). */
    async listForBrand(accountId: string, brandId: string): Promise<WebhookView[]> {
      await brands.owned(accountId, brandId);
      return viewsOf(await repo.listWebhooks(db, accountId, { brandId }));
    },

    /**
     * The account's webhooks; with `source`, only those that surface created. Ownership rule:
     * the v1 surface lists and deletes only webhooks registered through v1 (`api`); the
     * dashboard manages all of the account's webhooks (docs/webhooks.md).
     */
    async listForAccount(accountId: string, source?: WebhookOwnerSource): Promise<WebhookView[]> {
      const rows = await repo.listWebhooks(db, accountId, 'all');
      return viewsOf(rows.filter((r) => source === undefined || r.source === source));
    },

    async get(accountId: string, id: string): Promise<WebhookView> {
      return (await viewsOf([await owned(accountId, id)]))[0]!;
    },

    async update(accountId: string, id: string, input: UpdateWebhookInput): Promise<WebhookView> {
      const current = await owned(accountId, id);
      const patch: Parameters<typeof repo.updateWebhook>[3] = {};
      if (input.name !== undefined) patch.name = cleanName(input.name);
      const url = input.url !== undefined ? checkUrl(input.url) : current.url;
      if (input.url !== undefined) patch.url = url;
      if (input.events !== undefined) {
        const subscribed = checkEvents(input.events, current.source === 'api' ? 'v1' : undefined);
        patch.events = subscribed.events;
        patch.eventSet = subscribed.set;
      }
      if (input.enabled !== undefined) patch.enabled = input.enabled;
      if (input.description !== undefined) patch.description = input.description?.trim() || null;
      if (input.signingSecret !== undefined) patch.robotSigningSecret = checkSigningSecret(url, input.signingSecret);
      else if (input.url !== undefined && current.robotSigningSecret !== null) {
        // A robot secret means nothing to another kind of receiver: drop it rather than keep it unused.
        const robot = detectRobot(url);
        if (robot !== 'dingtalk' && robot !== 'feishu') patch.robotSigningSecret = null;
      }
      const row = await repo.updateWebhook(db, accountId, id, patch, new Date(now()));
      if (!row) throw notFound('Webhook');
      return (await viewsOf([row]))[0]!;
    },

    /** Deletes a webhook; with `source`, one of another surface's webhooks is 404 (not visible there). */
    async remove(accountId: string, id: string, source?: WebhookOwnerSource): Promise<void> {
      if (source !== undefined && (await owned(accountId, id)).source !== source) throw notFound('Webhook');
      if (!isUuid(id) || !(await repo.deleteWebhook(db, accountId, id))) throw notFound('Webhook');
    },

    /** One test event with sample data, through the real delivery path (the X-Service-Test header marks it). */
    async sendTest(accountId: string, id: string, event?: string): Promise<{ eventId: string; deliveryId: string; event: EventName }> {
      const webhook = await owned(accountId, id);
      const chosen = event ?? webhook.events[0];
      if (chosen === undefined || !isEventName(chosen) || !webhook.events.includes(chosen)) {
        throw badRequest(`event must be one of the webhook's events: ${webhook.events.join(', ')}`, { field: 'event' });
      }
      const sent = await db.transaction((tx) => events.emitTest(tx, { accountId, brandId: webhook.brandId, webhookId: webhook.id, event: chosen }));
      return { eventId: sent.eventId, deliveryId: sent.deliveryId, event: chosen };
    },

    async deliveries(accountId: string, id: string, limit = DELIVERY_LOG_LIMIT): Promise<DeliveryView[]> {
      const webhook = await owned(accountId, id);
      const { deliveries, attempts } = await repo.listDeliveries(db, webhook.id, limit);
      return toDeliveryViews(deliveries, attempts);
    },

    /** The newest alerts first, whatever their state; `state` narrows the list (`open`: not acknowledged). */
    async alerts(accountId: string, filter: { brandId?: string | undefined; state?: repo.AlertState | undefined } = {}): Promise<AlertView[]> {
      if (filter.brandId !== undefined) await brands.owned(accountId, filter.brandId);
      return (await repo.listAlerts(db, accountId, { brandId: filter.brandId, state: filter.state ?? 'all' }, ALERT_LIST_LIMIT)).map(toAlertView);
    },

    /**
     * Acknowledges one of the account's alerts for the whole team: the dashboard stops showing it
     * as a notice. Idempotent: again answers the first acknowledgement (its time and person).
     */
    async acknowledgeAlert(accountId: string, userId: string, id: string): Promise<AlertView> {
      const row = isUuid(id) ? await repo.acknowledgeAlert(db, accountId, id, userId, new Date(now())) : undefined;
      if (!row) throw notFound('Alert');
      return toAlertView(row);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
