import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { loadConfig } from '../config.js';
import { classifyDependencyError, retryWhileUnavailable } from './dependency-errors.js';
import { createLogger } from './logger.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('classifyDependencyError', () => {
  it('recognises PostgreSQL connection failures and timeouts, also wrapped by Drizzle', () => {
    expect(classifyDependencyError(new Error('Connection terminated unexpectedly'))).toEqual({ dependency: 'database', reason: 'unreachable' });
    expect(classifyDependencyError(new Error('timeout exceeded when trying to connect'))).toEqual({ dependency: 'database', reason: 'timeout' });
    expect(classifyDependencyError(withCode('canceling statement due to statement timeout', '57014'))).toEqual({ dependency: 'database', reason: 'timeout' });
    expect(classifyDependencyError(withCode('the database system is shutting down', '57P03'))?.reason).toBe('unreachable');
    const wrapped = new DrizzleQueryError('select 1 where $1', ['secret'], withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
    expect(classifyDependencyError(wrapped)).toEqual({ dependency: 'database', reason: 'unreachable' });
  });

  it('recognises ioredis failures', () => {
    expect(classifyDependencyError(new Error('Command timed out'))).toEqual({ dependency: 'redis', reason: 'timeout' });
    expect(classifyDependencyError(new Error("Stream isn't writeable and enableOfflineQueue options is false"))?.dependency).toBe('redis');
  });

  it('leaves every other error alone (a bug stays a 500, a constraint stays what it is)', () => {
    expect(classifyDependencyError(new TypeError('x is undefined'))).toBeUndefined();
    expect(classifyDependencyError(withCode('duplicate key value violates unique constraint', '23505'))).toBeUndefined();
    expect(classifyDependencyError('a string')).toBeUndefined();
  });

  it('retryWhileUnavailable retries dependency failures only', async () => {
    let calls = 0;
    const value = await retryWhileUnavailable(async () => {
      calls += 1;
      if (calls < 3) throw new Error('Connection terminated unexpectedly');
      return 'stored';
    }, 5_000);
    expect({ value, calls }).toEqual({ value: 'stored', calls: 3 });
    await expect(retryWhileUnavailable(async () => Promise.reject(new TypeError('bug')), 5_000)).rejects.toThrow('bug');
  });
});

describe('logging a failed query', () => {
  it('keeps the statement and the cause, never the parameters', () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => {
        lines.push(String(chunk));
        done();
      } });
    const log = createLogger({ level: 'info', stream });
    const error = new DrizzleQueryError('update users set password_hash = $1 where id = $2', ['hunter2-secret', 'u1'], new Error('Connection terminated unexpectedly'));
    log.error({ err: error }, 'query failed');
    const line = lines.join('');
    expect(line).toContain('update users set password_hash');
    expect(line).toContain('Connection terminated unexpectedly');
    expect(line).not.toContain('hunter2-secret');
    expect(line).not.toContain('params');
  });
});

describe('dependency timeouts in config', () => {
  it('has sane defaults and refuses a worker larger than its pool', () => {
    const config = loadConfig({});
    expect(config.timeouts).toMatchObject({ dbStatementMs: 10_000, dbQueryMs: 12_000, dbConnectMs: 3_000, dbLockMs: 3_000, redisCommandMs: 500, shutdownMs: 10_000 });
    expect(config.workerConcurrency).toBe(8);
    expect(loadConfig({ DB_POOL_SIZE: '30' }).workerConcurrency).toBe(16);
    expect(loadConfig({ SHUTDOWN_TIMEOUT: '5s', REDIS_COMMAND_TIMEOUT: '250ms' }).timeouts).toMatchObject({ shutdownMs: 5_000, redisCommandMs: 250 });
    expect(() => loadConfig({ WORKER_CONCURRENCY: '20' })).toThrow(/WORKER_CONCURRENCY/);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT: 'soon' })).toThrow(/DB_STATEMENT_TIMEOUT/);
  });
});
