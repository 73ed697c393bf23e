/**
 * Calling any route of the route table as a fully entitled caller: an owner's session cookie
 * for dashboard/legacy routes, an admin-scoped v1 key for /api/v1/, nothing for public ones.
 * Used by the table-driven hostile-input test and the schema-driven fuzz test.
 */
import { randomUUID } from 'node:crypto';
import type { RouteSummary } from '../../src/http/route-table.js';

export interface Credentials {
  cookie: string;
  v1Key: string;
}

/** Routes the tests skip: static dashboard files and the SPA fallback, HEAD twins, OPTIONS. */
export function isApiRoute(route: RouteSummary): boolean {
  return route.url.startsWith('/api/') && route.method !== 'HEAD' && route.method !== 'OPTIONS' && !route.url.includes('*');
}

export function headersFor(route: RouteSummary, creds: Credentials): Record<string, string> {
  const auth = route.config.auth as string | undefined;
  if (route.url.startsWith('/api/v1/') && auth === undefined) return { authorization: `Bearer ${creds.v1Key}` };
  if (auth === 'v1') return { authorization: `Bearer ${creds.v1Key}` };
  if (auth === 'legacy' || auth === 'session' || auth === 'optional') return { cookie: creds.cookie };
  return {};
}

/** The URL with each `:param` replaced (by a fresh UUID unless given). */
export function fillPath(url: string, value?: (name: string) => string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(value ? value(name) : randomUUID()));
}

interface JsonSchemaLike {
  type?: string | string[];
  properties?: Record<string, JsonSchemaLike>;
  anyOf?: JsonSchemaLike[];
  items?: JsonSchemaLike;
}

/** Top-level properties of an object schema that accept a string. */
export function stringFields(schema: unknown): string[] {
  const s = schema as JsonSchemaLike | undefined;
  if (!s?.properties) return [];
  const acceptsString = (p: JsonSchemaLike): boolean =>
    p.type === 'string' || (Array.isArray(p.type) && p.type.includes('string')) || (p.anyOf ?? []).some(acceptsString);
  return Object.entries(s.properties).filter(([, p]) => acceptsString(p)).map(([name]) => name);
}

interface FullSchema extends JsonSchemaLike {
  required?: string[];
  minLength?: number;
  minimum?: number;
  minItems?: number;
  const?: unknown;
  enum?: unknown[];
  format?: string;
}

/** The smallest value a schema accepts, best effort (required properties only). */
export function minimalValid(schema: unknown): unknown {
  const s = schema as FullSchema | undefined;
  if (!s) return undefined;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return minimalValid(s.anyOf[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) out[name] = minimalValid(s.properties?.[name]);
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => minimalValid(s.items));
    case 'string':
      if (s.format === 'email') return 'someone@example.com';
      if (s.format === 'uuid') return '0f0e0d0c-0b0a-4908-8706-050403020100';
      if (s.format === 'uri') return 'https://example.com/';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
}
