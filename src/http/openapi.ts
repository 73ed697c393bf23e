/**
 * The v1 surface's OpenAPI document, generated from the route schemas (never hand-written),
 * with each operation's stability label (Stable, Beta, Roadmap) as `x-stability` and in its
 * description, and the scope it needs as `x-required-scope`. The dashboard's team operations
 * (`/api/team/…`, session cookie) are documented here too, with the team role they need as
 * `x-required-role`: an integrator building an invitation flow reads one document.
 */
import swagger from '@fastify/swagger';
import { listOf } from './route-options.js';
import type { App } from './types.js';
import type { BuildInfo } from '../lib/build-info.js';

export type Stability = 'Stable' | 'Beta' | 'Roadmap';

declare module 'fastify' {
  interface FastifyContextConfig {
    stability?: Stability;
    /** v1 key scope the route needs (read, write, admin). */
    scope?: 'read' | 'write' | 'admin';
  }
}

interface OperationMeta {
  stability?: Stability | undefined;
  scope?: string | undefined;
  role?: string | undefined;
}

/** Paths in the document: the v1 surface, and the dashboard operations it documents as well. */
const DOCUMENTED = ['/api/v1/', '/api/team/'];
export const documented = (url: string) => DOCUMENTED.some((prefix) => url.startsWith(prefix)) && url !== '/api/v1/openapi.json';

/**
 * Answers every operation can give that no route schema states: 405 (a method the path does
 * not take, with Allow; also unknown methods such as QUERY) and, on paths with an id, 414 (an
 * id longer than the router accepts). Same envelope as the operation's other errors.
 */
function documentTransportErrors(path: string, operation: Record<string, unknown>) {
  const responses = (operation.responses ?? {}) as Record<string, { content?: unknown }>;
  const envelope = Object.entries(responses).find(([status, r]) => status.startsWith('4') && r.content)?.[1]?.content;
  const content = envelope ?? { 'application/json': { schema: { type: 'object', properties: { error: { type: 'object' } } } } };
  responses['405'] ??= { description: 'Method not allowed on this path (the Allow header lists the methods it takes).', content } as never;
  if (path.includes('{')) responses['414'] ??= { description: 'A path parameter is longer than the server accepts.', content } as never;
  operation.responses = responses;
}

export async function registerOpenApi(app: App, build: BuildInfo, supportEmail: string) {
  const meta = new Map<string, OperationMeta>();
  app.addHook('onRoute', (route) => {
    if (!documented(route.url)) return;
    const openapiPath = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const isV1 = route.url.startsWith('/api/v1/');
    for (const method of listOf(route.method)) {
      meta.set(`${method.toLowerCase()} ${openapiPath}`, {
        stability: route.config?.stability,
        scope: isV1 ? route.config?.scope : undefined,
        role: route.config?.role,
      });
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Sightline API v1',
        version: build.id,
        description:
          'Brand visibility across LLM platforms. Every endpoint carries a stability label: Stable, Beta or Roadmap ' +
          '(Roadmap endpoints answer 501 until built). Errors use the envelope {"error": {"code", "message", "requestId"}}.',
        contact: { email: supportEmail },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'A v1 API key (sk_live_… or sk_test_…) with the scope the operation names in x-required-scope.',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sl_session',
            description:
              'The dashboard session (POST /api/auth/login sets it), for the /api/team/ operations; the caller needs the team role in x-required-role.',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    hideUntagged: false,
    transform: ({ schema, url }) => {
      const hidden = !documented(url);
      return { schema: hidden ? { ...(schema ?? {}), hide: true } : schema, url } as never;
    },
    transformObject: (documentObject) => {
      const doc = (documentObject as { openapiObject: Record<string, unknown> }).openapiObject as {
        paths?: Record<string, Record<string, Record<string, unknown>>>;
      };
      for (const [path, operations] of Object.entries(doc.paths ?? {})) {
        for (const [method, operation] of Object.entries(operations)) {
          documentTransportErrors(path, operation);
          const m = meta.get(`${method} ${path}`);
          if (!m?.stability) continue;
          operation['x-stability'] = m.stability;
          operation.description = `**${m.stability}.** ${String(operation.description ?? '')}`.trim();
          if (m.scope) operation['x-required-scope'] = m.scope;
          if (m.role) operation['x-required-role'] = m.role;
        }
      }
      return doc as never;
    },
  });

  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
