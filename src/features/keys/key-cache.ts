/**
 * A short-lived in-process cache of key lookups by key hash, with single flight: the hot path
 * of an authenticated request does no database read for a key seen in the last few seconds.
 * Unknown hashes are cached too (negative entries), so a flood of well-formed but unknown keys
 * does not become a flood of queries. Revocation in this process drops the entry at once;
 * other processes see it when their entry expires (KEY_CACHE_TTL_MS).
 */
export const KEY_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export interface KeyCache<T> {
  get(hash: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  delete(hash: string): void;
  /** Drops every entry whose value matches (a user's role changed or they left the team). */
  deleteWhere(matches: (value: T) => boolean): void;
}

export function createKeyCache<T>(now: () => number, ttlMs = KEY_CACHE_TTL_MS): KeyCache<T> {
  const entries = new Map<string, { value: T | undefined; expires: number }>();
  const inFlight = new Map<string, Promise<T | undefined>>();
  return {
    async get(hash, load) {
      const hit = entries.get(hash);
      if (hit && hit.expires > now()) return hit.value;
      const pending = inFlight.get(hash);
      if (pending) return pending;
      const loading = load()
        .then((value) => {
          entries.delete(hash);
          entries.set(hash, { value, expires: now() + ttlMs });
          // Maps iterate in insertion order: the first entries are the oldest.
          if (entries.size > MAX_ENTRIES) for (const oldest of entries.keys()) { entries.delete(oldest); if (entries.size <= MAX_ENTRIES) break; }
          return value;
        })
        .finally(() => inFlight.delete(hash));
      inFlight.set(hash, loading);
      return loading;
    },
    delete(hash) {
      entries.delete(hash);
    },
    deleteWhere(matches) {
      for (const [hash, entry] of entries) if (entry.value !== undefined && matches(entry.value)) entries.delete(hash);
    },
  };
}
