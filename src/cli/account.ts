/**
 * `sightline account create --email E --password P [--tier …]` → {accountId, userId, email, tier}
 * on stdout (nothing else); failures are one line on stderr and exit code 1.
 */
import { Command, Option } from 'commander';
import { readConfig } from '../config.js';
import { openDatabase, type Db } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { TIERS, type Tier } from '../db/schema/identity.js';
import { createAccountsService, EmailTakenError } from '../features/accounts/accounts.service.js';

export class CliUsageError extends Error {}

/** Opens the configured database (migrated), runs `work`, closes it; a CliUsageError becomes one stderr line. */
export async function withDatabase(work: (db: Db) => Promise<unknown>): Promise<void> {
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    const output = await work(database.db);
    process.stdout.write(`${JSON.stringify(output)}\n`);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`sightline: ${error.message}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Refuses an option value that is not an e-mail address, naming the option. */
export function assertEmailOption(flag: string, value: string): void {
  if (value.length > 254 || !EMAIL.test(value.trim())) throw new CliUsageError(`${flag} ${JSON.stringify(value)} is not an e-mail address`);
}

export function accountCommand(): Command {
  const account = new Command('account').description('Manage accounts (tenants) and their owners');
  account
    .command('create')
    .description('Create an account with its owner user; prints {accountId, userId, email, tier}')
    .requiredOption('--email <email>', "the owner's e-mail (sign-in name)")
    .requiredOption('--password <password>', 'the owner\'s password (at least 8 characters)')
    .addOption(new Option('--tier <tier>', 'the account tier').choices(TIERS).default('free'))
    .action(async (options: { email: string; password: string; tier: Tier }) => {
      await withDatabase(async (db) => {
        assertEmailOption('--email', options.email);
        if (options.password.length < 8 || options.password.length > 1024) throw new CliUsageError('--password must be 8 to 1024 characters');
        try {
          const { account: created, user } = await createAccountsService({ db }).createAccount(options);
          return { accountId: created.id, userId: user.id, email: user.email, tier: created.tier };
        } catch (error) {
          if (error instanceof EmailTakenError) throw new CliUsageError(`${options.email}: ${error.message}`);
          throw error;
        }
      });
    });
  return account;
}
