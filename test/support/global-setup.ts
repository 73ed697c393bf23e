/**
 * Once per test run: make sure the migrated PGlite template exists and matches the current
 * migrations, so each embedded test database loads it (~0.4 s) instead of running initdb and
 * every migration (~2.5 s). `npm ci` builds it already; this covers edited migrations.
 */
import { ensureTemplate } from '../../src/db/pglite-template.js';

export default async function setup(): Promise<void> {
  await ensureTemplate();
}
