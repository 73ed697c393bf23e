/**
 * Migration 0004 on a database holding answers stored before it: citations read by engine 1.x
 * (the old normalised form in `url`) and by engine 2.0 (the key in `url`, the URL as written in
 * the analysis) come out with `url` as written where known, `normalized_url` the current key (the
 * same as the engine's normalizeUrl), one row per key per answer; first sightings re-keyed; every
 * analysis with its engine version, and the engine rollup counting them.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { normalizeUrl } from '../../src/analysis/index.js';
import type { Database } from '../../src/db/client.js';
import { migrationsFolder, runMigrations } from '../../src/db/migrate.js';
import { createTestDatabase, dbKinds } from '../support/db.js';

const rows = async <T>(db: Database, query: ReturnType<typeof sql>) => ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The committed migrations up to (not including) `tag`, as a folder drizzle's migrator can apply. */
function migrationsBefore(tag: string): { folder: string; cleanup: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'sightline-migrations-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, cleanup: () => rmSync(folder, { recursive: true, force: true }) };
}

async function migrateTo(database: Database, folder: string): Promise<void> {
  if (database.kind === 'pglite') await migratePglite(drizzlePglite(database.pglite!), { migrationsFolder: folder });
  else await migratePg(drizzlePg(database.pool!), { migrationsFolder: folder });
}

// Stored by engine 1.x: the old normalised form (no trailing-slash rule yet).
const OLD_FORMS = [
  'https://example.com/pricing/',
  'https://example.com/pricing',
  'https://example.com/',
  'https://example.com/a//?q=1&r=/x/',
  'https://example.com//',
  'https://docs.example.org/guide/intro',
  'http://127.0.0.1:8080/p/',
];

describe.each(dbKinds)('migration 0004: citation keys and engine versions (%s)', (kind) => {
  it('gives stored citations the current key and the URL as written where known', async () => {
    const database = await createTestDatabase(kind, { migrate: false });
    const before = migrationsBefore('0004_citation_keys_engine_versions');
    try {
      await migrateTo(database, before.folder);
      const [account] = await rows<{ id: string }>(database, sql`insert into accounts (tier) values ('growth') returning id`);
      const [brand] = await rows<{ id: string }>(database, sql`
        insert into brands (account_id, name, category) values (${account!.id}, 'Acme', 'tools') returning id`);
      const snapshot = JSON.stringify({ name: 'Acme', category: 'tools', website: null, aliases: [], competitors: [], locale: null });
      const [run] = await rows<{ id: string }>(database, sql`
        insert into scan_runs (account_id, brand_id, kind, status, platforms, brand, plan, tasks_total, simulated)
        values (${account!.id}, ${brand!.id}, 'probe', 'completed', '["deepseek"]', ${snapshot}::jsonb, '[]', 2, true) returning id`);
      const answer = async (hash: string, analysis: unknown) =>
        (await rows<{ id: string }>(database, sql`
          insert into answers (run_id, brand_id, account_id, platform, model, prompt_text, prompt_hash, stage, intent, locale,
            raw_text, simulated, analysis, mentioned, branded, created_at)
          values (${run!.id}, ${brand!.id}, ${account!.id}, 'deepseek', 'm', 'q', ${hash}, 'awareness', 'faq', 'en', 'text', true,
            ${JSON.stringify(analysis)}::jsonb, true, false, '2026-03-02T10:00:00Z') returning id`))[0]!.id;
      const oldAnswer = await answer('a'.repeat(64), { mentioned: true, citations: OLD_FORMS.map((url) => ({ url, domain: 'example.com', context: '', source: 'text' })) });
      const written = 'https://Example.com/Guide/?utm_source=chat#top';
      const newAnswer = await answer('b'.repeat(64), {
        engineVersion: '2.0.0',
        mentioned: true,
        citations: [{ url: written, normalizedUrl: 'https://example.com/Guide', domain: 'example.com', context: 'See it.', source: 'link' }],
      });
      const cite = (answerId: string, url: string) => sql`
        insert into answer_citations (answer_id, run_id, brand_id, platform, prompt_hash, url, domain, source)
        values (${answerId}, ${run!.id}, ${brand!.id}, 'deepseek', 'h', ${url}, 'example.com', 'text')`;
      for (const url of OLD_FORMS) await database.db.execute(cite(oldAnswer, url));
      await database.db.execute(cite(newAnswer, 'https://example.com/Guide'));
      await database.db.execute(sql`
        insert into brand_citation_urls (brand_id, url, domain, platform, prompt_hash, first_seen_at) values
          (${brand!.id}, 'https://example.com/pricing/', 'example.com', 'deepseek', 'h', '2026-03-05T00:00:00Z'),
          (${brand!.id}, 'https://example.com/pricing', 'example.com', 'kimi', 'h', '2026-03-01T00:00:00Z'),
          (${brand!.id}, 'https://example.com/docs/', 'example.com', 'kimi', 'h', '2026-03-01T00:00:00Z')`);

      await runMigrations(database);

      const stored = await rows<{ answer_id: string; url: string; normalized_url: string }>(
        database,
        sql`select answer_id, url, normalized_url from answer_citations order by normalized_url, url`,
      );
      const oldRows = stored.filter((r) => r.answer_id === oldAnswer);
      // Every key is what the engine's normalizeUrl makes of the stored form; one row per key.
      const keys = [...new Set(OLD_FORMS.map((u) => normalizeUrl(u)!))].sort();
      expect(oldRows.map((r) => r.normalized_url).sort()).toEqual(keys);
      expect(keys).toContain('https://example.com/pricing');
      expect(keys).toContain('https://example.com/a?q=1&r=/x/');
      expect(keys).toContain('https://example.com/');
      for (const r of oldRows) expect(OLD_FORMS).toContain(r.url); // as written is unknown: the stored form stays
      expect(stored.filter((r) => r.answer_id === newAnswer)).toEqual([{ answer_id: newAnswer, url: written, normalized_url: 'https://example.com/Guide' }]);

      const sightings = await rows<{ url: string; platform: string; first: string }>(
        database,
        sql`select url, platform, first_seen_at::text as first from brand_citation_urls order by url`,
      );
      expect(sightings.map((s) => [s.url, s.platform])).toEqual([
        ['https://example.com/docs', 'kimi'],
        ['https://example.com/pricing', 'kimi'],
      ]);

      const versions = await rows<{ id: string; engine_version: string }>(database, sql`select id, engine_version from answers`);
      expect(Object.fromEntries(versions.map((v) => [v.id, v.engine_version]))).toEqual({ [oldAnswer]: '1.0.0', [newAnswer]: '2.0.0' });
      const engineRollup = await rows<{ engine_version: string; answers: number }>(
        database,
        sql`select engine_version, answers from answer_engine_daily_rollups where brand_id = ${brand!.id} and day = '2026-03-02' order by 1`,
      );
      expect(engineRollup).toEqual([
        { engine_version: '1.0.0', answers: 1 },
        { engine_version: '2.0.0', answers: 1 },
      ]);
    } finally {
      before.cleanup();
      await database.close();
    }
  }, 60_000);
});
