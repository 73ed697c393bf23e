/**
 * While this process knows the database is down, API requests are answered 503 at once instead
 * of each waiting out a connection timeout: clients and the load balancer learn in milliseconds,
 * and no request piles up on a pool that cannot serve it. Health and status still answer (they
 * report the outage), and so does the dashboard's static content. The monitor re-pings every
 * second while down, so a false alarm lasts about a second.
 */
import type { DependencyMonitor } from '../lib/dependency-monitor.js';
import { replyDependencyUnavailable } from './errors.js';
import type { App } from './types.js';

const ALWAYS_ANSWERED = new Set(['/api/health', '/api/v1/health', '/api/status']);

export function registerDependencyGuard(app: App, database: DependencyMonitor): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (database.isUp() || !request.url.startsWith('/api/')) return done();
    const path = request.url.split('?')[0] ?? '';
    if (ALWAYS_ANSWERED.has(path)) return done();
    void replyDependencyUnavailable(request, reply);
  });
}
