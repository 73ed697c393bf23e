/**
 * API keys: create (shown once), list, revoke, and verify on the hot path. Verification is a
 * format + checksum test, then a cached lookup by SHA-256; `last_used_at` is collected in
 * memory and written in one batched statement every LAST_USED_FLUSH_MS (and on shutdown).
 */
import type { Static } from 'typebox';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import type { Db } from '../../db/client.js';
import type { Logger } from '../../lib/logger.js';
import type { Principal, Scope } from '../auth/principal.js';
import { createKeyCache, KEY_CACHE_TTL_MS } from './key-cache.js';
import { displayPrefix, generateKey, hashKey, parseKey, type KeyType } from './key-format.js';
import * as repo from './keys.repo.js';
import type { CreatedKeySchema, CreateKeyBodySchema, KeySummarySchema } from './keys.schemas.js';

export { KEY_CACHE_TTL_MS };
export const LAST_USED_FLUSH_MS = 30_000;
/** Active keys per account; more is almost always a leak-management problem. */
export const MAX_ACTIVE_KEYS = 50;

/** The create-key request, and who makes it. */
export type CreateKeyInput = Static<typeof CreateKeyBodySchema> & { accountId: string; userId: string };

/** A key as the API shows it (times as ISO strings). */
export type KeyView = Static<typeof KeySummarySchema>;
/** A key just created: the only time the key itself is ever returned. */
export type CreatedKey = Static<typeof CreatedKeySchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const view = (row: repo.KeyRow): KeyView => ({
  ...row,
  lastUsedAt: iso(row.lastUsedAt),
  expiresAt: iso(row.expiresAt),
  createdAt: row.createdAt.toISOString(),
});

const SURFACE_HINT: Record<KeyType, string> = {
  legacy: 'a legacy key (service_…)',
  v1: 'a v1 key (sk_live_… or sk_test_…)',
};

/** v1 keys default to read only (least privilege); legacy keys carry no scopes. */
function normaliseScopes(type: KeyType, scopes: Scope[] | undefined): Scope[] {
  if (type === 'legacy') return [];
  const given = scopes && scopes.length > 0 ? scopes : ['read' as const];
  return (['read', 'write', 'admin'] as const).filter((s) => given.includes(s));
}

export function createKeysService(deps: { db: Db; now: () => number; log: Logger }) {
  const { db, now, log } = deps;
  const cache = createKeyCache<repo.KeyIdentity>(now);
  const pendingUse = new Map<string, Date>();
  let flushing: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    if (pendingUse.size === 0) return flushing;
    const batch = new Map(pendingUse);
    pendingUse.clear();
    flushing = flushing
      .then(() => repo.touchKeys(db, batch))
      .catch((error: unknown) => log.warn({ err: error }, 'could not record API key last use'));
    return flushing;
  }
  const timer = setInterval(() => void flush(), LAST_USED_FLUSH_MS);
  timer.unref();

  return {
    async create(input: CreateKeyInput): Promise<CreatedKey> {
      if (input.type === 'legacy' && (input.scopes !== undefined || input.mode !== undefined)) {
        const field = input.scopes !== undefined ? 'scopes' : 'mode';
        throw badRequest(`${field} applies to v1 keys only; a legacy key works on the whole legacy surface.`, { field });
      }
      if ((await repo.countActiveKeys(db, input.accountId)) >= MAX_ACTIVE_KEYS) {
        throw conflict(`An account can hold at most ${MAX_ACTIVE_KEYS} active API keys; revoke one first.`);
      }
      const mode = input.type === 'v1' ? (input.mode ?? 'live') : null;
      const key = generateKey(input.type, mode ?? 'live');
      const row = await repo.insertKey(db, {
        accountId: input.accountId,
        createdBy: input.userId,
        name: input.name ?? null,
        type: input.type,
        mode,
        scopes: normaliseScopes(input.type, input.scopes),
        prefix: displayPrefix(key),
        hash: hashKey(key),
        expiresAt: input.expiresInDays ? new Date(now() + input.expiresInDays * 86_400_000) : null,
        createdAt: new Date(now()),
      });
      const { lastUsedAt: _never, ...shown } = view(row);
      return { ...shown, key };
    },

    list: async (accountId: string): Promise<KeyView[]> => (await repo.listActiveKeys(db, accountId)).map(view),

    /** Revokes a key of this account: another account's key is "not found", never "forbidden". */
    async revoke(accountId: string, id: string): Promise<void> {
      const revoked = await repo.revokeKey(db, accountId, id, new Date(now()));
      if (!revoked) throw notFound('API key');
      cache.delete(revoked.hash);
    },

    /**
     * The principal of a Bearer key meant for `surface`, or a 401 that says what is wrong.
     * A key for the other surface is refused from its text alone, before any lookup.
     */
    async authenticate(raw: string, surface: KeyType): Promise<Principal> {
      const parsed = parseKey(raw);
      if (!parsed.ok) {
        const kind = parsed.looksLike ? SURFACE_HINT[parsed.looksLike] : `${SURFACE_HINT[surface]}`;
        throw unauthorized(
          parsed.reason === 'checksum'
            ? `Malformed API key: it looks like ${kind} but its checksum does not match; copy the whole key again.`
            : `Malformed API key: expected ${SURFACE_HINT[surface]} in Authorization: Bearer <key>.`,
        );
      }
      if (parsed.type !== surface) {
        throw unauthorized(
          surface === 'v1'
            ? 'This endpoint needs a v1 API key (sk_live_… or sk_test_…); legacy service_… keys work only on /api/* outside /api/v1.'
            : 'This endpoint needs a legacy API key (service_…) or a signed-in session; v1 sk_… keys work only on /api/v1/*.',
        );
      }
      const hash = hashKey(raw);
      const found = await cache.get(hash, () => repo.findKeyByHash(db, hash));
      if (!found) throw unauthorized('Unknown API key: it was never issued here or was deleted.');
      if (found.revokedAt) throw unauthorized('This API key has been revoked; create a new one in the dashboard key page.');
      if (found.expiresAt && found.expiresAt.getTime() <= now()) {
        throw unauthorized(`This API key expired at ${found.expiresAt.toISOString()}; create a new one.`);
      }
      pendingUse.set(found.id, new Date(now()));
      return {
        accountId: found.accountId,
        userId: found.userId,
        tier: found.tier,
        role: found.role,
        via: found.type === 'v1' ? 'v1_key' : 'legacy_key',
        keyId: found.id,
        scopes: found.scopes,
        mode: found.mode,
        customLimits: found.customLimits,
      };
    },

    /**
     * Forget this process's cached lookups of the user's keys: a key acts with its creator's
     * role, so a role change or a removal takes effect here at once (elsewhere within the TTL).
     */
    forgetUser(userId: string): void {
      cache.deleteWhere((identity) => identity.userId === userId);
    },

    /** Active keys each user of the account created (what stops working if they leave). */
    countByCreator: (accountId: string) => repo.countActiveKeysByCreator(db, accountId),

    /** Write pending `last_used_at` times now (tests, shutdown). */
    flushLastUsed: flush,

    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type KeysService = ReturnType<typeof createKeysService>;
