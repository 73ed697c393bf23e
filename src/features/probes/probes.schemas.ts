/** HTTP shapes of v1 probes. */
import { Type } from 'typebox';
import { PlatformIdSchema } from '../../platforms/request-ids.js';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** The optional `Idempotency-Key` header: validated with the request, before the service runs. */
export const TriggerProbeHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
      pattern: '\\S',
      description: 'Makes retries safe: the same key and body return the same run.',
    }),
  ),
});

export const TriggerProbeBodySchema = Type.Object(
  {
    brandId: Type.String({ minLength: 1, maxLength: 100 }),
    platforms: Type.Optional(
      Type.Array(PlatformIdSchema(), {
        minItems: 1,
        maxItems: 16,
        description: 'Platform ids (v1 names; `zhipu` is accepted for `glm`). Default: every configured platform.',
      }),
    ),
    promptPackId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "Default: the account's bound pack, else the brand's default pack." })),
  },
  { additionalProperties: false },
);

export const ProbeTriggerSchema = Type.Object({
  runId: Type.String(),
  status: Type.String({ description: 'Always `queued` in the trigger response.' }),
  brandId: Type.String(),
  platforms: Type.Array(Type.String()),
  estimatedCompletionMs: Type.Number(),
  promptPackId: Type.Union([Type.String(), Type.Null()]),
  tasks: Type.Integer({ description: 'Platform × prompt answers the run will collect.' }),
  simulated: Type.Boolean(),
});

export const ProbeIdParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) });

const Sentiment = Type.Union([Type.Object({ label: Type.String(), score: Type.Number() }), Type.Null()]);
const ErrorInfo = Type.Object({ kind: Type.String(), message: Type.String() });

export const ProbeStatusSchema = Type.Object({
  runId: Type.String(),
  brandId: Type.Union([Type.String(), Type.Null()]),
  kind: Type.String(),
  status: Type.String({ description: 'queued → running → completed | partial | failed' }),
  createdAt: Type.String(),
  startedAt: Type.Union([Type.String(), Type.Null()]),
  completedAt: Type.Union([Type.String(), Type.Null()]),
  simulated: Type.Boolean(),
  platforms: Type.Array(Type.String()),
  progress: Type.Object({ total: Type.Integer(), done: Type.Integer(), failed: Type.Integer() }),
  visibility: Type.Number(),
  sampleSize: Type.Integer(),
  visibilityCi: Type.Array(Type.Number()),
  costUsd: Type.Number(),
  chargedUsd: Type.Number(),
  results: Type.Array(
    Type.Object({
      platform: Type.String(),
      mentioned: Type.Boolean({ description: 'Any answer of this platform mentioned the brand.' }),
      rank: Type.Union([Type.Integer(), Type.Null()], { description: 'Best rank over the answers.' }),
      snippet: Type.Union([Type.String(), Type.Null()]),
      tokensUsed: Type.Integer(),
      answers: Type.Integer(),
      mentions: Type.Integer(),
      failed: Type.Integer(),
      errors: Type.Array(ErrorInfo),
    }),
  ),
  prompts: Type.Array(
    Type.Object({
      promptId: Type.Union([Type.String(), Type.Null()]),
      prompt: Type.String(),
      promptHash: Type.String(),
      stage: Type.String(),
      intent: Type.String(),
      locale: Type.String(),
      results: Type.Array(
        Type.Object({
          platform: Type.String(),
          status: Type.String({ description: 'answered, failed or pending' }),
          mentioned: Type.Optional(Type.Boolean()),
          position: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
          rank: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
          sentiment: Type.Optional(Sentiment),
          snippet: Type.Optional(Type.Union([Type.String(), Type.Null()])),
          tokensUsed: Type.Optional(Type.Integer()),
          latencyMs: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
          model: Type.Optional(Type.String()),
          simulated: Type.Optional(Type.Boolean()),
          answeredAt: Type.Optional(Type.String()),
          error: Type.Optional(ErrorInfo),
        }),
      ),
    }),
  ),
});
