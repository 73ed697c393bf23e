import type { FastifyReply } from 'fastify';

/** Tells clients and proxies how long the cached report they got stays valid. */
export function setCacheHeaders(reply: FastifyReply, ttlMs: number, ageMs: number) {
  const remaining = Math.max(0, Math.floor((ttlMs - ageMs) / 1000));
  reply.header('cache-control', `public, max-age=${remaining}`);
}
