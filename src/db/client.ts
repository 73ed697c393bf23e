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
import { withTimeout } from '../lib/time.js';

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
  /** Round trip in milliseconds; throws when the store is unreachable or slower than timeoutMs. */
  ping(timeoutMs?: number): Promise<number>;
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
  /** PostgreSQL: how long anything may wait on the server (defaults: config.ts's). */
  timeouts?: Partial<PostgresTimeouts>;
  /** PostgreSQL: a connection failed (server restart, network cut); it is replaced on next use. */
  onConnectionError?: (error: Error) => void;
}

export interface PostgresTimeouts {
  statementMs: number;
  queryMs: number;
  connectMs: number;
  lockMs: number;
}

const DEFAULT_TIMEOUTS: PostgresTimeouts = { statementMs: 10_000, queryMs: 12_000, connectMs: 3_000, lockMs: 3_000 };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir, options.useTemplate ?? true);
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? 'sightline',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    query_timeout: timeouts.queryMs,
    // A transaction left open by a stalled client holds locks; the server ends it.
    idle_in_transaction_session_timeout: timeouts.statementMs * 3,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A connection that breaks (server restart, network cut) emits 'error': on the pool while idle,
  // on the client itself while checked out (between a transaction's statements, or a migration's
  // advisory lock). Without a listener either one crashes the process. The broken client is not
  // reused (pg-pool drops clients that are no longer queryable) and the next query reconnects.
  const onError = (error: Error) => options.onConnectionError?.(error);
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const parsed = new URL(url);
  return {
    kind: 'postgres',
    db,
    pool,
    where: `postgresql://${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    ping: (timeoutMs) => pingPool(pool, timeoutMs ?? timeouts.connectMs),
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

/** `select 1` with its own read timeout, so a stalled server cannot pin a pool connection. */
async function pingPool(pool: pg.Pool, timeoutMs: number): Promise<number> {
  const start = process.hrtime.bigint();
  await withTimeout(pool.query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig), timeoutMs, 'database ping');
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function timedPing(db: Db): Promise<number> {
  const start = process.hrtime.bigint();
  await db.execute(sql`select 1`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}
