import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, timestamptz, uuidPk } from './columns.js';

/**
 * Who is calling and how much they may do: accounts (the tenant), their users, dashboard
 * sessions, API keys and the usage ledger. Secrets are never stored: sessions and keys are
 * looked up by a SHA-256 of the high-entropy value, passwords by a scrypt hash.
 */

export const TIERS = ['free', 'starter', 'growth', 'scale', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What an API key may do: admin ⊇ write ⊇ read. */
export const SCOPES = ['read', 'write', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

/** Enterprise "custom" limits (spec Limits): per-account overrides of the tier's v1 windows. */
export interface CustomLimits {
  hourly?: number;
  daily?: number;
  burstPerMinute?: number;
  brands?: number;
}

export const accounts = pgTable(
  'accounts',
  {
    id: uuidPk(),
    tier: text('tier', { enum: TIERS }).notNull().default('free'),
    customLimits: jsonb('custom_limits').$type<CustomLimits>(),
    createdAt: createdAt(),
  },
  (t) => [check('accounts_tier_check', sql`${t.tier} in ('free', 'starter', 'growth', 'scale', 'enterprise')`)],
);

/** `account_id`: the tenant a row belongs to; the row goes when the account is deleted. */
export const accountRef = () => cascadeRef('account_id', () => accounts.id);

export const users = pgTable(
  'users',
  {
    id: uuidPk(),
    accountId: accountRef().notNull(),
    /** Always stored trimmed and lower-cased; the unique index relies on it. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_account_idx').on(t.accountId),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('owner', 'admin', 'member', 'viewer')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the session id in the cookie; the id itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: cascadeRef('user_id', () => users.id).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** Last rolling renewal; the idle expiry is renewedAt + 24 h. */
    renewedAt: timestamptz('renewed_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** The absolute cap: no renewal extends a session past this. */
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuidPk(),
    accountId: accountRef().notNull(),
    /** The user who created it; the key acts with that user's team role. */
    createdBy: cascadeRef('created_by', () => users.id).notNull(),
    name: text('name'),
    type: text('type', { enum: ['legacy', 'v1'] }).notNull(),
    /** v1 keys only: live or test. */
    mode: text('mode', { enum: ['live', 'test'] }),
    /** v1 keys only: read, write, admin (admin ⊇ write ⊇ read). Empty for legacy keys. */
    scopes: text('scopes').array().$type<Scope[]>().notNull().default(sql`'{}'::text[]`),
    /** The first characters of the key, for display ("service_1a2b", "sk_live_Ab3x"). */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key. */
    hash: text('hash').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_hash_idx').on(t.hash),
    index('api_keys_account_idx').on(t.accountId, t.createdAt),
    check('api_keys_type_check', sql`${t.type} in ('legacy', 'v1')`),
  ],
);

/**
 * Invitations to join an account's team. The URL carries a 256-bit single-use token; only its
 * SHA-256 is stored. At most one pending invitation per e-mail and account (a new one replaces it);
 * an accepted one is kept (accepted_at) so a reused link is told it was used, not "unknown".
 */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: uuidPk(),
    accountId: accountRef().notNull(),
    /** Trimmed and lower-cased, like users.email. */
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    /** SHA-256 (hex) of the token in the URL. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('team_invites_token_idx').on(t.tokenHash),
    uniqueIndex('team_invites_pending_email_idx').on(t.accountId, t.email).where(sql`accepted_at is null`),
    index('team_invites_account_idx').on(t.accountId, t.createdAt),
    check('team_invites_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('team_invites_role_check', sql`${t.role} in ('owner', 'admin', 'member', 'viewer')`),
  ],
);

export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountRef().notNull(),
    /** What was charged: `scan`, `platform_tokens`, … */
    kind: text('kind').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    costUsd: numeric('cost_usd', { precision: 14, scale: 6 }).notNull(),
    /** What it was for (a run id, `runId:platform`); the same charge is recorded once. */
    reference: text('reference'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('usage_ledger_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('usage_ledger_reference_idx').on(t.accountId, t.kind, t.reference).where(sql`reference is not null`),
  ],
);
