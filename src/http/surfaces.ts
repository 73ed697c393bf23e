/**
 * Some resources are served on two surfaces by one route definition: `/api/v1/...` for API keys
 * and `/api/...` for the dashboard (session cookie or legacy key). The route file registers itself
 * once per surface; this gives each surface its path prefix and its auth/limit configuration.
 */
import type { FastifyContextConfig } from 'fastify';
import type { Stability } from './openapi.js';

export type Surface = 'v1' | 'dashboard';

export interface SurfaceOptions {
  surface: Surface;
}

export const surfacePrefix = (surface: Surface): string => (surface === 'v1' ? '/api/v1' : '/api');

/** v1: the key's scope and the tier's sliding windows; dashboard: cookie or legacy key, 120/min for keys. */
export function surfaceConfig(surface: Surface, scope: 'read' | 'write' | 'admin', stability: Stability): FastifyContextConfig {
  return surface === 'v1'
    ? { stability, scope, limit: 'v1' }
    : { auth: 'legacy', limit: 'legacy.dashboard', ...(scope === 'read' ? {} : { role: 'member' as const }) };
}
