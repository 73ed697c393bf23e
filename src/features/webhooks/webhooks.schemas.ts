/**
 * Request and response schemas of the webhook routes (dashboard and v1). Bounds here stop
 * absurd input early (10 000-character names, thousands of events); the service applies the
 * real rules (URL policy, catalogue, one event set) with precise messages.
 */
import { Type } from 'typebox';
import { DELIVERY_STATUSES } from '../../db/schema/webhooks.js';
import { DateTime, Nullable } from '../../lib/schema-types.js';

const Url = Type.String({ minLength: 1, maxLength: 4096, description: 'HTTPS address; a bare domain gets https:// added. May be a DingTalk, Feishu/Lark or WeCom group robot.' });
const EventList = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  minItems: 1,
  maxItems: 20,
  description: 'Event identifiers, all from ONE set (legacy or v1).',
});
const Name = Type.String({ minLength: 1, maxLength: 64 });
const Description = Type.String({ maxLength: 500 });
const SigningSecret = Type.String({ maxLength: 256, description: 'DingTalk or Feishu robot signing secret (robot URLs only).' });

export const CreateWebhookBodySchema = Type.Object(
  {
    brandId: Type.String({ minLength: 1, maxLength: 64 }),
    name: Name,
    url: Url,
    events: EventList,
    signingSecret: Type.Optional(SigningSecret),
    description: Type.Optional(Description),
  },
  { additionalProperties: false },
);

export const UpdateWebhookBodySchema = Type.Object(
  {
    name: Type.Optional(Name),
    url: Type.Optional(Url),
    events: Type.Optional(EventList),
    enabled: Type.Optional(Type.Boolean()),
    signingSecret: Type.Optional(Nullable(SigningSecret)),
    description: Type.Optional(Nullable(Description)),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const TestWebhookBodySchema = Type.Object(
  { event: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'One of the webhook’s events (default: its first).' })) },
  { additionalProperties: false },
);

export const WebhookIdParamsSchema = Type.Object({ id: Type.String({ maxLength: 64 }) }, { additionalProperties: false });
/** One brand (the list: its webhooks plus the account-wide ones); omitted: the whole account. */
export const OptionalBrandQuerySchema = Type.Object({ brandId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }, { additionalProperties: false });
export const DeliveriesQuerySchema = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }, { additionalProperties: false });

export const WebhookSchema = Type.Object({
  id: Type.String(),
  brandId: Nullable(Type.String()),
  name: Type.String(),
  url: Type.String(),
  eventSet: Type.Union([Type.Literal('legacy'), Type.Literal('v1')]),
  events: Type.Array(Type.String()),
  eventCount: Type.Integer(),
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
  state: Type.Union([Type.Literal('disabled'), Type.Literal('failing'), Type.Literal('working'), Type.Literal('unused')], {
    description: 'disabled; failing (the latest attempts failed, see failingSince); working (the latest attempt succeeded); unused (nothing sent yet).',
  }),
  nextRetryAt: Nullable(DateTime),
  robot: Nullable(Type.String()),
  hasSigningSecret: Type.Boolean(),
  consecutiveFailures: Type.Integer(),
  lastError: Nullable(Type.String()),
  lastTriggeredAt: Nullable(DateTime),
  failingSince: Nullable(DateTime),
  source: Type.String(),
  createdAt: DateTime,
});

export const WebhookListSchema = Type.Object({ data: Type.Array(WebhookSchema) });
export const CreatedWebhookSchema = Type.Object({
  webhook: WebhookSchema,
  secret: Type.String({ description: 'The signing secret (whsec_…): shown this once.' }),
});

export const TestSentSchema = Type.Object({ eventId: Type.String(), deliveryId: Type.String(), event: Type.String() });

const AttemptSchema = Type.Object({
  attempt: Type.Integer(),
  ok: Type.Boolean(),
  statusCode: Nullable(Type.Integer()),
  latencyMs: Type.Integer(),
  errorKind: Nullable(Type.String()),
  error: Nullable(Type.String()),
  responseSnippet: Type.String(),
  at: DateTime,
});

export const DeliveryListSchema = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.String(),
      eventId: Type.String(),
      event: Type.String(),
      test: Type.Boolean(),
      status: Type.Enum(DELIVERY_STATUSES),
      attempts: Type.Integer(),
      nextAttemptAt: Nullable(DateTime),
      lastStatusCode: Nullable(Type.Integer()),
      lastError: Nullable(Type.String()),
      createdAt: DateTime,
      completedAt: Nullable(DateTime),
      attemptLog: Type.Array(AttemptSchema),
    }),
  ),
});

/** One brand's alerts or the account's; `state=open` lists only those not acknowledged yet. */
export const AlertsQuerySchema = Type.Object(
  {
    brandId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    state: Type.Optional(
      Type.Union([Type.Literal('open'), Type.Literal('acknowledged'), Type.Literal('all')], {
        default: 'all',
        description: 'open: not acknowledged yet (the dashboard notice); acknowledged; all (default).',
      }),
    ),
  },
  { additionalProperties: false },
);
export const AlertIdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

export const AlertSchema = Type.Object({
  id: Type.String(),
  webhookId: Type.String(),
  webhookName: Type.String(),
  brandId: Nullable(Type.String()),
  kind: Type.String({ description: 'failing_24h: the webhook has failed every delivery for 24 hours.' }),
  message: Type.String(),
  failingSince: DateTime,
  createdAt: DateTime,
  resolvedAt: Nullable(Type.String({ format: 'date-time', description: 'When the webhook succeeded again; null while it still fails.' })),
  acknowledgedAt: Nullable(Type.String({ format: 'date-time', description: 'When a team member acknowledged it; null: still shown as a notice on every dashboard page.' })),
  acknowledgedBy: Nullable(Type.String({ description: 'The user id of who acknowledged it (null if not, or if they left the team).' })),
});
export const AlertListSchema = Type.Object({ data: Type.Array(AlertSchema) });

// ---- v1 -------------------------------------------------------------------------------------

export const V1CreateWebhookBodySchema = Type.Object(
  {
    url: Url,
    events: EventList,
    description: Type.Optional(Description),
    brandId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only this brand’s events; omitted: every brand of the account.' })),
  },
  { additionalProperties: false },
);

const V1WebhookFields = {
  webhookId: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Nullable(Type.String()),
  brandId: Nullable(Type.String()),
  createdAt: DateTime,
};

export const V1WebhookRegistrationSchema = Type.Object({
  ...V1WebhookFields,
  secret: Type.String({ description: 'HMAC-SHA256 key of the X-Service-Signature header (sha256=…): returned this once.' }),
});

export const V1WebhookListSchema = Type.Object({
  webhooks: Type.Array(
    Type.Object({
      ...V1WebhookFields,
      enabled: Type.Boolean(),
      consecutiveFailures: Type.Integer(),
      lastError: Nullable(Type.String()),
      lastTriggeredAt: Nullable(DateTime),
    }),
  ),
  total: Type.Integer(),
});
