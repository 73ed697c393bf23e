/**
 * `sightline key create --email E --type legacy|v1 [--scopes read,write,admin] [--mode live|test]`
 * → {id, key, prefix, type, scopes}. The key is printed this once; only its hash is stored.
 */
import { Command, Option } from 'commander';
import { createAccountsService } from '../features/accounts/accounts.service.js';
import { SCOPES, type Scope } from '../features/auth/principal.js';
import { createKeysService } from '../features/keys/keys.service.js';
import { createLogger } from '../lib/logger.js';
import { CliUsageError, withDatabase } from './account.js';

function parseScopes(raw: string): Scope[] {
  const scopes = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0 || scopes.length === 0) throw new CliUsageError(`--scopes takes a comma list of ${SCOPES.join(', ')}; got ${JSON.stringify(raw)}`);
  return scopes as Scope[];
}

export function keyCommand(): Command {
  const key = new Command('key').description('Manage API keys');
  key
    .command('create')
    .description("Create an API key for the account of the user with this e-mail; prints {id, key, prefix, type, scopes}")
    .requiredOption('--email <email>', 'a user of the account (the key acts with their team role)')
    .addOption(new Option('--type <type>', 'legacy (service_…, /api/*) or v1 (sk_…, /api/v1/*)').choices(['legacy', 'v1']).makeOptionMandatory())
    .option('--scopes <list>', 'v1 only: read,write,admin (default read)')
    .addOption(new Option('--mode <mode>', 'v1 only: live or test (default live)').choices(['live', 'test']))
    .option('--name <name>', 'a label shown in the key list')
    .action(async (options: { email: string; type: 'legacy' | 'v1'; scopes?: string; mode?: 'live' | 'test'; name?: string }) => {
      await withDatabase(async (db) => {
        if (options.type === 'legacy' && (options.scopes !== undefined || options.mode !== undefined)) {
          throw new CliUsageError('--scopes and --mode apply to v1 keys only; a legacy key works on the whole legacy surface');
        }
        const scopes = options.scopes === undefined ? undefined : parseScopes(options.scopes);
        const user = await createAccountsService({ db }).findUserByEmail(options.email);
        if (!user) throw new CliUsageError(`no user with e-mail ${options.email}; create one with \`sightline account create\``);
        const keys = createKeysService({ db, now: Date.now, log: createLogger({ level: 'warn', fd: 2 }) });
        try {
          const created = await keys.create({
            accountId: user.accountId,
            userId: user.id,
            type: options.type,
            scopes,
            mode: options.mode,
            name: options.name,
          });
          return { id: created.id, key: created.key, prefix: created.prefix, type: created.type, scopes: created.scopes };
        } finally {
          await keys.close();
        }
      });
    });
  return key;
}
