/**
 * A short-lived cache of signed-in GET answers (the dashboard polling its charts, an API client
 * polling a probe), keyed by the caller and the exact request, so a repeated read costs the
 * credential check and the rate limit but no database work.
 *
 * Correctness rules (docs/decisions.md, "Signed-in reads are cached for a second"):
 * - Per caller: the key holds the account, the user, how they signed in and the Accept header,
 *   so nothing is ever served to another tenant or another user of the same account.
 * - Read your own writes: every state-changing request of an account, in this process, advances
 *   the account's generation when it finishes; an answer stored under an older generation is
 *   never served again, including one computed by a read that started before the write ended.
 * - Everything else (the worker finishing a run, another server process, the CLI) is seen within
 *   READ_CACHE_MS (default 1 s), or twice that while one request recomputes an expired answer
 *   (the others are served the previous one meanwhile instead of all querying at once).
 * - Only 200 JSON answers that set no cookie are kept; bounded by total bytes.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler, onResponseHookHandler, onSendHookHandler } from 'fastify';
import { identifiesCaller } from './auth.js';
import { setStandardHeaders } from './security-headers.js';
import { listOf } from './route-options.js';
import type { App } from './types.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: never serve this GET from the read cache (answers that must be live). */
    readCache?: boolean;
  }
  interface FastifyRequest {
    /** Set on a cacheable read that missed: where to store its answer. */
    readCacheSlot: { key: string; accountId: string; generation: number; refresh: boolean } | null;
    /**
     * The account a write changed when its caller is not (yet) of that account: an anonymous
     * invitee accepting an invitation. Its answers cached for the account's members are stale.
     */
    writtenAccountId: string | null;
  }
}

const MAX_BYTES = 32 * 1024 * 1024;
const SAFE = new Set(['GET', 'HEAD']);

interface Entry {
  body: string;
  contentType: string;
  generation: number;
  expires: number;
  /** Set when one request is recomputing the expired answer: the others keep the old one meanwhile. */
  refreshing: boolean;
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

export function registerReadCache(app: App, options: { ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const generations = new Map<string, number>();
  const stats: ReadCacheStats = { hits: 0, misses: 0, entries: 0, bytes: 0 };
  app.decorateRequest('readCacheSlot', null);
  app.decorateRequest('writtenAccountId', null);

  function evict(key: string) {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    stats.bytes -= old.body.length;
  }

  const lookup: onRequestHookHandler = function readCacheLookup(request: FastifyRequest, reply: FastifyReply, done) {
    const p = request.principal;
    if (!p) return done();
    const key = `${request.method}\u0000${p.accountId}\u0000${p.userId}\u0000${p.via}\u0000${p.keyId ?? ''}\u0000${request.headers.accept ?? ''}\u0000${request.url}`;
    const generation = generations.get(p.accountId) ?? 0;
    // `Cache-Control: no-cache` (a user's explicit refresh) is never answered from the cache;
    // its fresh answer replaces the stored one.
    const hit = /no-cache/i.test(request.headers['cache-control'] ?? '') ? undefined : entries.get(key);
    const t = now();
    // Expired: one request recomputes it, the others get the previous answer until it lands (or
    // for one more TTL at most), so 50 pollers do not all hit the database at the same instant.
    const fresh = hit !== undefined && hit.generation === generation && (hit.expires > t || (hit.refreshing && hit.expires + options.ttlMs > t));
    let refresh = false;
    if (hit && !fresh && hit.generation === generation && !hit.refreshing) {
      hit.refreshing = true;
      refresh = true;
    }
    if (fresh) {
      stats.hits++;
      // The route's handler (and its header wrapper) does not run for a hit.
      setStandardHeaders(request, reply);
      reply.header('content-type', hit.contentType);
      reply.send(hit.body);
      return;
    }
    stats.misses++;
    request.readCacheSlot = { key, accountId: p.accountId, generation, refresh };
    done();
  } as onRequestHookHandler;

  const store: onSendHookHandler = function readCacheStore(request, reply, payload, done) {
    const slot = request.readCacheSlot;
    // A refresh that did not produce a cacheable answer (404 after a delete, 500) drops the old one.
    if (slot?.refresh) evict(slot.key);
    if (slot && reply.statusCode === 200 && typeof payload === 'string' && !reply.hasHeader('set-cookie')) {
      const contentType = String(reply.getHeader('content-type') ?? '');
      if (contentType.startsWith('application/json') && payload.length <= MAX_BYTES / 64) {
        evict(slot.key);
        entries.set(slot.key, { body: payload, contentType, generation: slot.generation, expires: now() + options.ttlMs, refreshing: false });
        stats.bytes += payload.length;
        // Maps iterate in insertion order: the first entries are the oldest.
        for (const oldest of entries.keys()) {
          if (stats.bytes <= MAX_BYTES) break;
          evict(oldest);
        }
      }
    }
    done(null, payload);
  };

  /** After a write of this account finished (whatever its status): older answers are stale. */
  const invalidate: onResponseHookHandler = function readCacheInvalidate(request, _reply, done) {
    for (const accountId of new Set([request.principal?.accountId, request.writtenAccountId])) {
      if (accountId) generations.set(accountId, (generations.get(accountId) ?? 0) + 1);
    }
    done();
  };

  if (options.ttlMs > 0) {
    app.addHook('onRoute', (route) => {
      const methods = listOf(route.method);
      if (!identifiesCaller(route)) return; // public routes (health) get no hook at all
      if (methods.every((m) => SAFE.has(m))) {
        if (route.config?.readCache === false) return;
        // After the auth hook (src/http/auth.ts puts it first): the caller and its limit are settled.
        route.onRequest = [...listOf(route.onRequest), lookup];
        route.onSend = [...listOf(route.onSend), store];
      } else {
        route.onResponse = [...listOf(route.onResponse), invalidate];
      }
    });
  }

  return {
    stats(): ReadCacheStats {
      return { ...stats, entries: entries.size };
    },
  };
}
