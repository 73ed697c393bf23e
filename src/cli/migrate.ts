import { Command } from 'commander';
import { readConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

export function migrateCommand(): Command {
  return new Command('migrate').description('Apply database migrations (idempotent; safe to run from several processes)').action(async () => {
    const config = readConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await runMigrations(database);
      process.stdout.write(`${JSON.stringify({ migrated: true, database: database.where })}\n`);
    } finally {
      await database.close();
    }
  });
}
