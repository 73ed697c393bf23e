/**
 * The access log: exactly one line per request (method, url, status, ms), written when the
 * response finishes; health and status polls at debug so uptime monitors do not flood the log,
 * and refused requests (429) at debug with a summary line at most once a minute.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLog, REFUSED_SUMMARY_MS } from '../../src/http/access-log.js';
import type { Logger } from '../../src/lib/logger.js';
import { createIdentityContext, type IdentityContext } from '../support/identity.js';

interface Line {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
  reqId?: string;
}

describe('access log', () => {
  let ctx: IdentityContext;
  beforeAll(async () => {
    ctx = await createIdentityContext('pglite', { captureLogs: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function linesFor(url: string, headers: Record<string, string> = {}): Promise<Line[]> {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    ctx.container.log.flush?.();
    const id = res.headers['x-request-id'];
    return ctx
      .logText()
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as Line)
      .filter((line) => line.reqId === id);
  }

  it('writes one info line per request with method, url, status and duration', async () => {
    const lines = await linesFor('/api/no-such-route', { 'x-request-id': 'access-log-404' });
    const requestLines = lines.filter((l) => l.msg === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ level: 30, method: 'GET', url: '/api/no-such-route', status: 404 });
    expect(typeof requestLines[0]!.ms).toBe('number');
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });

  it('logs health polls at debug, not info', async () => {
    const lines = await linesFor('/api/v1/health', { 'x-request-id': 'access-log-health' });
    expect(lines.filter((l) => l.msg === 'request')).toEqual([expect.objectContaining({ level: 20, url: '/api/v1/health', status: 200 })]);
  });
});

describe('access log of refused requests', () => {
  it('logs each 429 at debug and sums them up in one info line at most once a minute', () => {
    const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
    const sink = (level: string) => (obj: Record<string, unknown>, msg: string) => lines.push({ level, obj, msg });
    const log = { isLevelEnabled: (level: string) => level !== 'debug', info: sink('info'), warn: sink('warn'), debug: sink('debug') };
    let t = 1_000_000;
    const accessLog = new AccessLog(log as unknown as Logger, () => t);
    const request = (url: string) => ({ method: 'GET', url, log, routeOptions: { url } }) as unknown as FastifyRequest;
    const reply = (statusCode: number) => ({ statusCode, elapsedTime: 1 }) as unknown as FastifyReply;

    for (let i = 0; i < 1000; i++) accessLog.requestCompleted(null, request('/api/v1/brands'), reply(429));
    expect(lines).toEqual([]); // debug is off: no line per refusal, no summary before a minute
    t += REFUSED_SUMMARY_MS;
    accessLog.requestCompleted(null, request('/api/v1/brands'), reply(429));
    expect(lines).toEqual([{ level: 'info', obj: { refused: 1001, seconds: 60 }, msg: 'requests refused by rate limits (429)' }]);
    accessLog.requestCompleted(null, request('/api/v1/brands'), reply(200));
    expect(lines.map((l) => l.msg)).toEqual(['requests refused by rate limits (429)', 'request']);
  });
});
