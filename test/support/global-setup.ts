/**
 * Once per test run: make sure the migrated PGlite template exists and matches the current
 * migrations, so each embedded test database loads it (~0.4 s) instead of running initdb and
 * every migration (~2.5 s). `npm ci` builds it already; this covers edited migrations. Also the
 * dashboard's build, for the browser tests (one build: parallel files must not rebuild it).
 */
import { ensureTemplate } from '../../src/db/pglite-template.js';
import { hasChromium } from './web/browser.js';
import { buildDashboard } from './web/build-dashboard.js';

export default async function setup(): Promise<void> {
  await ensureTemplate();
  // The browser tests serve dist/web: built from the current web/ sources once, before any file runs.
  if (hasChromium) buildDashboard();
}
