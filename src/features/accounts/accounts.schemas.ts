import { Type } from 'typebox';
import type { ROLES, TIERS } from '../../db/schema/identity.js';

export const EmailSchema = Type.String({ format: 'email', minLength: 3, maxLength: 254, description: 'E-mail address (case-insensitive).' });
/** 8 characters minimum (NIST SP 800-63B); the upper bound keeps hashing requests cheap to refuse. */
export const PasswordSchema = Type.String({ minLength: 8, maxLength: 1024 });
export const TierSchema = Type.Union([
  Type.Literal('free'),
  Type.Literal('starter'),
  Type.Literal('growth'),
  Type.Literal('scale'),
  Type.Literal('enterprise'),
]) satisfies { anyOf: { const: (typeof TIERS)[number] }[] };
export const RoleSchema = Type.Union([
  Type.Literal('owner'),
  Type.Literal('admin'),
  Type.Literal('member'),
  Type.Literal('viewer'),
]) satisfies { anyOf: { const: (typeof ROLES)[number] }[] };

export const CredentialsSchema = Type.Object({ email: EmailSchema, password: PasswordSchema }, { additionalProperties: false });
/**
 * Sign-in takes any non-empty password up to the bound: a wrong password is a wrong password
 * (401), whatever its length; the policy is for choosing one, not for guessing one.
 */
export const LoginCredentialsSchema = Type.Object(
  { email: EmailSchema, password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);

const Count = Type.Integer({ minimum: 0 });

export const ProfileSchema = Type.Object({
  account: Type.Object({ id: Type.String(), tier: TierSchema, createdAt: Type.String({ format: 'date-time' }) }),
  user: Type.Object({ id: Type.String(), email: Type.String(), role: RoleSchema }),
  tier: TierSchema,
  role: RoleSchema,
  via: Type.Union([Type.Literal('session'), Type.Literal('legacy_key'), Type.Literal('v1_key')]),
  limits: Type.Object({
    brands: Count,
    v1: Type.Object({ hourly: Count, daily: Count, burstPerMinute: Count }),
    legacy: Type.Object({
      perDay: Type.Object({ check: Count, query: Count, aeoRewrite: Count }),
      perMinuteWithApiKey: Type.Object({ query: Count, aeoRewrite: Count, dashboard: Count }),
      anonymousPerIpPerDay: Type.Object({ check: Count }),
    }),
  }),
  usage: Type.Object({
    periodStart: Type.String({ format: 'date-time' }),
    periodEnd: Type.String({ format: 'date-time' }),
    totalCostUsd: Type.Number(),
    items: Type.Array(Type.Object({ kind: Type.String(), quantity: Type.Number(), costUsd: Type.Number() })),
  }),
});
