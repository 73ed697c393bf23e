/**
 * GET /metrics: the operator's view in Prometheus text format (docs/operations.md, "Metrics").
 * Registered only when METRICS_TOKEN is set, and answered only with `Authorization: Bearer
 * <METRICS_TOKEN>`: job types, routes and volumes are not for the public. Not in the OpenAPI
 * document (an operations endpoint, not part of the product API).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Container } from '../container.js';
import { unauthorized } from '../lib/errors.js';
import type { ReadCacheStats } from '../http/read-cache.js';
import { dbPool, jobsOldestReadyAge, jobsReady, jobsRunning, jobsScheduled, readCache, registry } from '../lib/metrics.js';

export interface MetricsRouteOptions {
  container: Container;
  readCacheStats: () => ReadCacheStats;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** State that is read rather than counted: the queue, the pool, the read cache. */
async function readState({ container, readCacheStats }: MetricsRouteOptions) {
  const stats = await container.queue.stats();
  for (const gauge of [jobsReady, jobsScheduled, jobsRunning, jobsOldestReadyAge]) gauge.reset();
  // Every registered type is reported, at 0 when it has nothing queued, so alerts see the series.
  for (const type of container.queue.names()) for (const gauge of [jobsReady, jobsScheduled, jobsRunning, jobsOldestReadyAge]) gauge.set({ type }, 0);
  for (const s of stats) {
    jobsReady.set({ type: s.queue }, s.ready);
    jobsScheduled.set({ type: s.queue }, s.scheduled);
    jobsRunning.set({ type: s.queue }, s.running);
    jobsOldestReadyAge.set({ type: s.queue }, s.oldestReadyAgeSeconds);
  }
  const pool = container.database.pool;
  dbPool.set({ state: 'total' }, pool ? pool.totalCount : 1);
  dbPool.set({ state: 'idle' }, pool ? pool.idleCount : 0);
  dbPool.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
  dbPool.set({ state: 'max' }, pool ? pool.options.max : 1);
  const cache = readCacheStats();
  for (const stat of ['hits', 'misses', 'entries', 'bytes'] as const) readCache.set({ stat }, cache[stat]);
}

export const metricsRoutes: FastifyPluginAsync<MetricsRouteOptions> = async (app, options) => {
  const token = options.container.config.metricsToken;
  if (token === undefined) return;
  app.get('/metrics', { config: { auth: 'none' }, schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) throw unauthorized('GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.');
    await readState(options);
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
};
