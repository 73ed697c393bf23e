/**
 * The legacy surface (the dashboard's routes: `/api/…` outside the v1 document) as an OpenAPI
 * document of its own, built from the same route schemas that validate and serialize each
 * answer. Not served: the client's generator turns it into `generated/legacy.ts`, so the
 * dashboard's types come from the server's schemas instead of being written twice.
 * Only what types need: query and path parameters, the JSON body and the 2xx answers (errors are
 * the envelope every route shares).
 */
import { documented } from './openapi.js';
import type { RouteSummary } from './route-table.js';

interface RouteSchema {
  body?: unknown;
  querystring?: ObjectSchema;
  params?: ObjectSchema;
  response?: Record<string, unknown>;
}
interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

/** The v1 document's paths (and the document itself, under /api/v1/) are not legacy. */
const isLegacy = (route: RouteSummary) =>
  route.method !== 'HEAD' && route.url.startsWith('/api/') && !route.url.startsWith('/api/v1/') && !documented(route.url);

function parametersOf(where: 'query' | 'path', schema: ObjectSchema | undefined) {
  return Object.entries(schema?.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (schema?.required ?? []).includes(name),
    schema: s,
  }));
}

function operationOf(schema: RouteSchema) {
  const responses: Record<string, unknown> = {};
  for (const [status, s] of Object.entries(schema.response ?? {})) {
    if (!status.startsWith('2')) continue;
    responses[status] = status === '204' ? { description: 'No content' } : { description: 'Success', content: { 'application/json': { schema: s } } };
  }
  const parameters = [...parametersOf('path', schema.params), ...parametersOf('query', schema.querystring)];
  return {
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema.body } } } } : {}),
    responses,
  };
}

/** Fastify's shared schemas (`$ref: 'HealthReport#'`) become components the document refers to. */
function componentRefs(key: string, value: unknown): unknown {
  if (key === '$id') return undefined;
  if (key === '$ref' && typeof value === 'string' && value.endsWith('#')) return `#/components/schemas/${value.slice(0, -1)}`;
  return value;
}

/** `shared`: the app's shared schemas by $id (app.getSchemas()). */
export function legacyDocument(routes: readonly RouteSummary[], shared: Record<string, unknown>): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes.filter(isLegacy)) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf((route.schema ?? {}) as RouteSchema);
  }
  const document = { openapi: '3.0.3', info: { title: 'Sightline legacy surface (dashboard routes)', version: 'unversioned' }, paths, components: { schemas: shared } };
  // JSON round trip: plain JSON Schema without TypeBox's symbol keys.
  return JSON.parse(JSON.stringify(document, componentRefs));
}
