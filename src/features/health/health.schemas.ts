import { Type } from 'typebox';

const RedisCheckSchema = Type.Object(
  {
    ok: Type.Boolean(),
    latency_ms: Type.Number(),
    limits: Type.Union([Type.Literal('shared'), Type.Literal('per_process')], {
      description: '`per_process`: Redis is unreachable and each API process enforces rate limits alone until it is back.',
    }),
  },
  { description: 'Present when Redis is configured.' },
);

export const HealthReportSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
    service: Type.String(),
    version: Type.String({ description: 'Build identifier (package version + git commit), not an API version.' }),
    env: Type.String(),
    region: Type.String(),
    timestamp: Type.String({ format: 'date-time' }),
    checks: Type.Object({
      db: Type.Object({ ok: Type.Boolean(), latency_ms: Type.Number(), error: Type.Optional(Type.String()) }),
      redis: Type.Optional(RedisCheckSchema),
    }),
    took_ms: Type.Number(),
  },
  { $id: 'HealthReport' },
);

export const StatusReportSchema = Type.Object({
  status: Type.Union([Type.Literal('operational'), Type.Literal('degraded'), Type.Literal('down')]),
  mode: Type.Union([Type.Literal('simulate'), Type.Literal('live')]),
  timestamp: Type.String({ format: 'date-time' }),
  db: Type.Object({ ok: Type.Boolean(), latency_ms: Type.Number() }),
  redis: Type.Optional(RedisCheckSchema),
  llms: Type.Object({
    up: Type.Integer(),
    total: Type.Integer(),
    up_rate: Type.Number(),
    platforms: Type.Array(
      Type.Object({
        platform: Type.String(),
        zh: Type.String(),
        ok: Type.Boolean(),
        latency_ms: Type.Number(),
        configured: Type.Boolean(),
        simulated: Type.Boolean(),
        error: Type.Optional(Type.String()),
        /** Accounts monitoring this platform at a slower cadence after repeated 429s (no tenant named). */
        throttled_accounts: Type.Integer({ minimum: 0 }),
      }),
    ),
  }),
  took_ms: Type.Number(),
});
