/**
 * The access log: exactly one line per request (method, url, status, ms), written when the
 * response finishes; health and status polls at debug so uptime monitors do not flood the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityContext, type IdentityContext } from '../identity/support/context.js';

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
