/**
 * Remembers every route's path pattern and methods, so an existing path called with the wrong
 * method answers 405 with `Allow` instead of Fastify's 404.
 */
import type { App } from './types.js';

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
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
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
