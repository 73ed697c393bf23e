/**
 * Remembers every route's path pattern and methods, so an existing path called with the wrong
 * method answers 405 with `Allow` instead of Fastify's 404.
 */
import type { FastifySchema } from 'fastify';
import { listOf } from './route-options.js';
import type { App } from './types.js';

/** One registered route as tests and tools see it (the schema-driven fuzz test walks these). */
export interface RouteSummary {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  config: Record<string, unknown>;
}

const catalogues = new WeakMap<object, RouteSummary[]>();

/** Every route registered on the app (HEAD twins included), in registration order. */
export function routesOf(app: App): readonly RouteSummary[] {
  return catalogues.get(app) ?? [];
}

interface Entry {
  pattern: RegExp;
  methods: Set<string>;
}

function toRegExp(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

export function trackRoutes(app: App): (path: string) => string[] {
  const entries = new Map<string, Entry>();
  const catalogue: RouteSummary[] = [];
  catalogues.set(app, catalogue);
  app.addHook('onRoute', (route) => {
    const methods = listOf(route.method);
    for (const method of methods) catalogue.push({ method, url: route.url, schema: route.schema, config: (route.config ?? {}) as Record<string, unknown> });
    const entry = entries.get(route.url) ?? { pattern: toRegExp(route.url), methods: new Set<string>() };
    for (const m of methods) entry.methods.add(m);
    entries.set(route.url, entry);
  });
  return (path) => {
    const allowed = new Set<string>();
    for (const entry of entries.values()) {
      if (entry.pattern.test(path)) for (const m of entry.methods) allowed.add(m);
    }
    return [...allowed].sort();
  };
}
