/**
 * Test support: a self-signed certificate made with the openssl CLI at test time, and local
 * HTTPS receivers on 127.0.0.1 that record what they get. Nothing here touches a non-loopback
 * address: robot host names are mapped to 127.0.0.1 by `loopbackLookup`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LookupAll } from '../../src/lib/net-guard.js';

export interface TestCert {
  key: string;
  cert: string;
}

export const ROBOT_HOSTS = ['oapi.dingtalk.com', 'open.feishu.cn', 'open.larksuite.com', 'qyapi.weixin.qq.com'];
/** Names the test certificate is valid for. `*.test` is reserved (RFC 2606): never a real host. */
const NAMES = ['localhost', 'hooks.sightline.test', 'rebind.sightline.test', ...ROBOT_HOSTS];

let cached: TestCert | undefined;

/** A P-256 self-signed certificate valid for NAMES, 127.0.0.1 and ::1 (made once per process). */
export function testCertificate(): TestCert {
  if (cached) return cached;
  const dir = mkdtempSync(join(tmpdir(), 'sightline-tls-'));
  try {
    const san = [...NAMES.map((n) => `DNS:${n}`), 'IP:127.0.0.1', 'IP:::1'].join(',');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '2',
      '-subj', '/CN=sightline-test', '-addext', `subjectAltName=${san}`,
    ], { stdio: 'pipe' });
    cached = { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
    return cached;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface Receiver {
  port: number;
  received: Received[];
  /** `https://localhost:<port><path>` */
  url(path?: string): string;
  close(): Promise<void>;
  server: Server;
}

export type Handler = (req: Received, res: ServerResponse) => void;

/** Start an HTTPS receiver on 127.0.0.1 that records each request, then calls `handler`. */
export async function startReceiver(handler: Handler = (_req, res) => res.end('ok')): Promise<Receiver> {
  const { key, cert } = testCertificate();
  const received: Received[] = [];
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    received,
    server,
    url: (path = '/hook') => `https://localhost:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Agent options trusting the test certificate (verification stays ON). Reuse the same object. */
export function testAgentOptions(): { ca: string } {
  return { ca: testCertificate().cert };
}

/** A resolver stub: every name answers 127.0.0.1 unless listed. Counts calls per name. */
export function stubLookup(answers: Record<string, string[]> = {}): LookupAll & { calls: string[] } {
  const calls: string[] = [];
  const fn = async (hostname: string) => {
    calls.push(hostname);
    const list = answers[hostname] ?? ['127.0.0.1'];
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(fn, { calls });
}
