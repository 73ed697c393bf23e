/**
 * buildApp(container): the Fastify application with both API surfaces and the dashboard.
 * It never listens; `main.ts` does, tests use inject() or listen on an ephemeral port.
 */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { AccessLog } from './http/access-log.js';
import type { App } from './http/types.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Container } from './container.js';
import { lazyChildLogger, type Logger } from './lib/logger.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './http/errors.js';
import { createValidatorCompiler } from './http/validation.js';
import { registerJsonBody } from './http/json-body.js';
import { enforceBodyTimeout } from './http/body-timeout.js';
import { registerOpenApi } from './http/openapi.js';
import { requestIdFrom } from './http/request-id.js';
import { trackRoutes } from './http/route-table.js';
import { documentValidationErrors, ErrorEnvelopeSchema } from './http/schemas.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerAuth } from './http/auth.js';
import { registerReadCache } from './http/read-cache.js';
import { metricsRoutes } from './api/metrics.js';
import { registerDependencyGuard } from './http/dependency-guard.js';
import { HealthReportSchema } from './features/health/health.schemas.js';
import { legacyHealthRoutes } from './api/legacy/health.js';
import { v1HealthRoutes } from './api/v1/health.js';
import { legacyAuthRoutes } from './api/legacy/auth.js';
import { legacyKeyRoutes } from './api/legacy/keys.js';
import { legacyTeamRoutes } from './api/legacy/team.js';
import { legacyMeRoutes } from './api/legacy/me.js';
import { legacyMonitoringRoutes } from './api/legacy/monitoring.js';
import { legacyPlanRoutes } from './api/legacy/plan.js';
import { legacyCheckRoutes } from './api/legacy/check.js';
import { legacyQueryRoutes } from './api/legacy/query.js';
import { brandRoutes } from './api/v1/brands.js';
import { brandPromptRoutes } from './api/v1/brand-prompts.js';
import { probeRoutes } from './api/v1/probes.js';
import { v1PromptPackRoutes } from './api/v1/prompt-packs.js';
import { legacyWebhookRoutes } from './api/legacy/webhooks.js';
import { v1WebhookRoutes } from './api/v1/webhooks.js';
import { registerWebApp } from './http/web-app.js';

import { legacyDashboardRoutes } from './api/legacy/dashboard.js';
import { legacySentimentRoutes } from './api/legacy/sentiment.js';
import { legacyCrisisRoutes } from './api/legacy/crisis.js';
import { legacyAeoRoutes } from './api/legacy/aeo.js';
import { legacyContentRoutes } from './api/legacy/content.js';
import { citationRoutes } from './api/v1/citations.js';
import { v1PickerRoutes } from './api/v1/picker.js';
import { authorityRoutes } from './api/v1/authority.js';
import { v1SentinelRoutes } from './api/v1/sentinel.js';
import { suggestRoutes } from './api/v1/suggest.js';
import { v1VisibilityRoutes } from './api/v1/visibility.js';
import { v1McpRoutes } from './api/v1/mcp.js';
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Fastify takes a hop count as a function: trust the nearest `hops` proxies only. */
function trustProxyOption(value: boolean | number | string[]) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export async function buildApp(container: Container): Promise<App> {
  const app = Fastify({
    loggerInstance: container.log as FastifyBaseLogger,
    // One line per request (src/http/access-log.ts) instead of Fastify's two.
    logController: new AccessLog(container.log),
    childLoggerFactory: (logger, bindings, options) =>
      Object.keys(options).length === 0
        ? (lazyChildLogger(logger as Logger, bindings) as FastifyBaseLogger)
        : logger.child(bindings, options),
    genReqId: requestIdFrom,
    trustProxy: trustProxyOption(container.config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler(container.config.supportEmail),
    clientErrorHandler,
    // Slow-loris bound for headers (Node answers 408); bodies: enforceBodyTimeout below.
    requestTimeout: container.config.requestTimeoutMs,
  }).withTypeProvider<TypeBoxTypeProvider>();

  enforceBodyTimeout(app.server, container.config.requestTimeoutMs);
  app.setValidatorCompiler(createValidatorCompiler());

  // JSON only: any other Content-Type answers 415.
  registerJsonBody(app);

  const methodsFor = trackRoutes(app);
  const errors = registerErrorHandling(app, {
    supportEmail: container.config.supportEmail,
    methodsFor,
    onDependencyFailure: (failure, error) => container.monitors[failure.dependency]?.reportFailure(error),
  });
  registerSecurityHeaders(app);
  registerDependencyGuard(app, container.monitors.database);
  // Before any route (and before OpenAPI, which reads the scopes it fills in): see docs/auth.md.
  await registerAuth(app, container.services);
  // After auth: a cached read is served only once the caller and its rate limit are settled.
  const readCache = registerReadCache(app, { ttlMs: container.config.readCacheMs });
  documentValidationErrors(app);
  app.addSchema(ErrorEnvelopeSchema);
  app.addSchema(HealthReportSchema);
  await registerOpenApi(app, container.build, container.config.supportEmail);

  await app.register(legacyHealthRoutes, { container });
  await app.register(v1HealthRoutes, { container });
  await app.register(legacyAuthRoutes, { container });
  await app.register(legacyMeRoutes, { container });
  await app.register(legacyMonitoringRoutes, { container });
  await app.register(legacyPlanRoutes, { container });
  await app.register(legacyKeyRoutes, { container });
  await app.register(legacyTeamRoutes, { container });
  await app.register(legacyCheckRoutes, { container });
  await app.register(legacyQueryRoutes, { container });
  // Served on two surfaces by one definition: /api/v1 for keys, /api for the dashboard (src/http/surfaces.ts).
  for (const surface of ['v1', 'dashboard'] as const) {
    for (const routes of [brandRoutes, brandPromptRoutes, probeRoutes, citationRoutes, authorityRoutes, suggestRoutes]) {
      await app.register(routes, { container, surface });
    }
  }
  await app.register(v1PromptPackRoutes, { container });
  await app.register(legacyWebhookRoutes, { container });
  await app.register(v1WebhookRoutes, { container });
  for (const routes of [legacyDashboardRoutes, legacySentimentRoutes, legacyCrisisRoutes, legacyAeoRoutes, legacyContentRoutes]) await app.register(routes, { container });
  for (const routes of [v1PickerRoutes, v1SentinelRoutes, v1VisibilityRoutes, v1McpRoutes]) await app.register(routes, { container });

  await app.register(metricsRoutes, { container, readCacheStats: readCache.stats });

  // Keep last: the dashboard's SPA fallback answers only what no API route matched.
  await registerWebApp(app, container, { setNotFoundFallback: errors.setNotFoundFallback });

  return app;
}
