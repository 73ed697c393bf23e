/**
 * What the test run was given: CI sets DATABASE_URL and REDIS_URL so every database test
 * also runs on real PostgreSQL (and limits on real Redis). Read through config.ts like
 * everything else.
 */
import { loadConfig, readConfig, type Config } from '../../src/config.js';

const outer = readConfig();

export const externalDatabaseUrl: string | undefined = outer.databaseUrl;
export const externalRedisUrl: string | undefined = outer.redisUrl;

/** A config for a test: nothing from the outer environment leaks in except what is passed. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', ...env });
}
