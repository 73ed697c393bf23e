/**
 * One factory for both stores: PGlite (embedded Postgres under DATA_DIR) by default,
 * PostgreSQL when DATABASE_URL is set. Same schema, same migrations, same queries.
 */
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import * as schema from './schema/index.js';
import { lockDataDir, type DataDirLock } from './datadir-lock.js';
import { loadTemplate } from './pglite-template.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** A human-readable location without credentials (logs, startup banner). */
  where: string;
  /** Round trip in milliseconds; throws when the store is unreachable. */
  ping(): Promise<number>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool, for LISTEN/NOTIFY and advisory locks on a dedicated client. */
  pool?: pg.Pool;
  /** PGlite only: the embedded instance. */
  pglite?: PGlite;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throw-away in-memory database (tests). */
  dataDir: string;
  poolSize?: number;
  applicationName?: string;
  /** PGlite: start a new cluster from the migrated template when one matches (default true). */
  useTemplate?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir, options.useTemplate ?? true);
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? 'sightline',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const parsed = new URL(url);
  return {
    kind: 'postgres',
    db,
    pool,
    where: `postgresql://${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    ping: () => timedPing(db),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string, useTemplate: boolean): Promise<Database> {
  const inMemory = dataDir === 'memory://' || dataDir === '';
  let lock: DataDirLock | undefined;
  let target = 'memory://';
  if (!inMemory) {
    target = resolve(dataDir);
    mkdirSync(target, { recursive: true });
    lock = lockDataDir(target);
  }
  try {
    const pgdata = inMemory ? undefined : `${target}/pgdata`;
    // A new cluster starts from the migrated template when one matches (pglite-template.ts).
    const template = !useTemplate || (pgdata && existsSync(pgdata)) ? undefined : loadTemplate();
    const pglite = await PGlite.create({ ...(pgdata ? { dataDir: pgdata } : {}), ...(template ? { loadDataDir: template } : {}) });
    const db = drizzlePglite(pglite, { schema }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      pglite,
      where: inMemory ? 'embedded (in memory)' : `embedded (${target})`,
      ping: () => timedPing(db),
      close: async () => {
        try {
          await pglite.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function timedPing(db: Db): Promise<number> {
  const start = process.hrtime.bigint();
  await db.execute(sql`select 1`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}
