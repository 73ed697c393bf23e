/** Response schema of GET /api/plan (the dashboard's plan page). */
import { Type } from 'typebox';
import { TIERS } from '../limits/tiers.js';

const Tier = Type.Enum(TIERS);
const Quota = Type.Union([
  Type.Object({
    limit: Type.Integer(),
    used: Type.Integer(),
    left: Type.Integer(),
    resetsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the whole quota is free again; null when nothing is used or it never resets.' }),
  }),
  Type.Null({ description: 'Not readable right now (the rate-limit store is unreachable).' }),
]);
const Offer = Type.Object({
  tier: Tier,
  brands: Type.Integer(),
  checksPerDay: Type.Integer(),
  queriesPerDay: Type.Integer(),
  rewritesPerDay: Type.Integer(),
  apiPerHour: Type.Integer(),
  apiPerDay: Type.Integer(),
  apiPerMinute: Type.Integer(),
});

export const PlanSchema = Type.Object({
  tier: Tier,
  custom: Type.Boolean({ description: 'The account has limits of its own (enterprise agreements).' }),
  quotas: Type.Object({
    brands: Quota,
    checksPerDay: Quota,
    queriesPerDay: Quota,
    rewritesPerDay: Quota,
    apiPerMinute: Quota,
    apiPerHour: Quota,
    apiPerDay: Quota,
  }),
  fixed: Type.Object({
    webhooksPerBrand: Type.Integer(),
    anonymousChecksPerDay: Type.Integer(),
    legacyKeyPerMinute: Type.Object({ query: Type.Integer(), aeoRewrite: Type.Integer(), dashboard: Type.Integer() }),
  }),
  current: Offer,
  next: Type.Union([Offer, Type.Null()], { description: 'The next tier up; null on scale and enterprise (custom).' }),
  tiers: Type.Array(Offer),
  month: Type.Object({
    periodStart: Type.String({ format: 'date-time' }),
    periodEnd: Type.String({ format: 'date-time' }),
    totalCostUsd: Type.Number(),
    items: Type.Array(Type.Object({ kind: Type.String(), quantity: Type.Integer(), costUsd: Type.Number() })),
  }),
});
