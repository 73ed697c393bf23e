/**
 * Throw-away databases for tests: an in-memory PGlite always, and a fresh database on the
 * PostgreSQL server of DATABASE_URL when it is set (dropped afterwards).
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database, type DatabaseKind } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { externalDatabaseUrl } from './env.js';

/** The rows of a raw `db.execute`: the app's own helper, under the name the tests read best. */
export { rows as rowsOf } from '../../src/db/rows.repo.js';

export const dbKinds: DatabaseKind[] = externalDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** The connection string of the throw-away PostgreSQL database (postgres only). */
  url?: string;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: externalDatabaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, empty PostgreSQL database; returns its URL and a function that drops it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!externalDatabaseUrl) throw new Error('DATABASE_URL is not set');
  const name = `sightline_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(externalDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

export async function createTestDatabase(kind: DatabaseKind, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let database: TestDatabase;
  if (kind === 'pglite') {
    // Migrated tests start from the template; a test of migrations themselves starts empty.
    database = await openDatabase({ dataDir: 'memory://', useTemplate: options.migrate !== false });
  } else {
    const { url, drop } = await createPostgresDatabase();
    const opened = await openDatabase({ databaseUrl: url, dataDir: '' });
    database = {
      ...opened,
      url,
      close: async () => {
        await opened.close();
        await drop();
      },
    };
  }
  if (options.migrate !== false) await runMigrations(database);
  return database;
}

/**
 * A database that separate processes can open one after another (crash tests): a data directory
 * for PGlite, a fresh database on the server for PostgreSQL. `open()` connects, `cleanup()` removes it.
 */
export async function sharedLocation(
  kind: DatabaseKind,
): Promise<{ location: string; open: (options?: { poolSize?: number }) => Promise<Database>; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-shared-'));
    return { location: dir, open: () => openDatabase({ dataDir: dir }), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const { url, drop } = await createPostgresDatabase();
  return { location: url, open: (options = {}) => openDatabase({ databaseUrl: url, dataDir: '', ...options }), cleanup: drop };
}
