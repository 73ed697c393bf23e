import { Type } from 'typebox';

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
      }),
    ),
  }),
  took_ms: Type.Number(),
});
