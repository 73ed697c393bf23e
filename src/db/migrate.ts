/**
 * Applies the committed SQL migrations. Idempotent. On PostgreSQL the run holds an advisory
 * lock on one dedicated connection, so processes starting together apply each migration once.
 */
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { fromRoot } from '../lib/paths.js';
import type { Database } from './client.js';

const MIGRATION_LOCK_KEY = 7_241_001; // arbitrary, constant: "sightline migrations"

export const migrationsFolder = (): string => fromRoot('src', 'db', 'migrations');

export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'pglite') {
    // One connection inside one process (the data-dir lock keeps others out): no race possible.
    await migratePglite(drizzlePglite(database.pglite!), { migrationsFolder: folder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query('set client_min_messages = warning');
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
