import type { FastifyReply } from 'fastify';

/** Tells clients and proxies how long a cached report stays valid, and how old it is. */
export function setCacheHeaders(reply: FastifyReply, ttlMs: number, ageMs: number) {
  const remaining = Math.max(0, Math.floor((ttlMs - ageMs) / 1000));
  reply.header('cache-control', `public, max-age=${remaining}`);
  reply.header('age', String(Math.floor(ageMs / 1000)));
}
