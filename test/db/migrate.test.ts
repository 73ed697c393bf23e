import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { createPostgresDatabase, createTestDatabase, dbKinds } from '../support/db.js';
import { externalDatabaseUrl } from '../support/env.js';

const rows = async (db: Database, query: ReturnType<typeof sql>) =>
  ((await db.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

const appliedCount = async (db: Database) =>
  Number((await rows(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n);

describe.each(dbKinds)('migrations (%s)', (kind) => {
  it('create every table on a fresh database, and a re-run changes nothing', async () => {
    const database = await createTestDatabase(kind, { migrate: false });
    try {
      await runMigrations(database);
      const tables = (await rows(database, sql`select table_name from information_schema.tables where table_schema = 'public'`)).map(
        (r) => r.table_name,
      );
      expect(tables).toEqual(expect.arrayContaining(['jobs', 'schedules']));
      const applied = await appliedCount(database);
      expect(applied).toBeGreaterThan(0);
      await runMigrations(database);
      expect(await appliedCount(database)).toBe(applied);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(externalDatabaseUrl)('migrations on PostgreSQL from several processes at once', () => {
  it('apply each migration once and leave a consistent state', async () => {
    const { url, drop } = await createPostgresDatabase();
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, dataDir: '' })));
    try {
      await Promise.all(databases.map((d) => runMigrations(d)));
      const counts = await Promise.all(databases.map(appliedCount));
      expect(new Set(counts).size).toBe(1);
      const hashes = await rows(databases[0]!, sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`);
      expect(hashes.every((h) => Number(h.n) === 1)).toBe(true);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await drop();
    }
  });
});
