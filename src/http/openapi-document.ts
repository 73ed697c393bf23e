/**
 * The served v1 OpenAPI document, built in-process without listening: an in-memory PGlite and
 * the app exactly as `buildApp` makes it (the simulator address is never called). The client's code generator and its freshness test read
 * this, so the generated types always come from the same document `/api/v1/openapi.json` serves;
 * with it the legacy (dashboard) routes' document, from the same app's route schemas.
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createContainer } from '../container.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createLogger } from '../lib/logger.js';
import { legacyDocument } from './legacy-document.js';
import { routesOf } from './route-table.js';

export async function servedDocuments(): Promise<{ v1: Record<string, unknown>; legacy: Record<string, unknown> }> {
  const database = await openDatabase({ dataDir: 'memory://', useTemplate: true });
  const container = await createContainer({ config: loadConfig({ LOG_LEVEL: 'silent' }), log: createLogger({ level: 'silent' }), database, simulatorUrl: 'http://127.0.0.1:9' });
  try {
    await runMigrations(database);
    const app = await buildApp(container);
    await app.ready();
    const document = structuredClone(app.swagger()) as unknown as { info: { version: string } };
    const legacy = legacyDocument(routesOf(app), app.getSchemas());
    await app.close();
    // info.version is the build id, which changes with every commit: not part of the contract.
    document.info.version = 'unversioned';
    return { v1: document as unknown as Record<string, unknown>, legacy };
  } finally {
    await container.close();
    await database.close();
  }
}
