/** A tiny HTTP server whose answers a test scripts, recording when each request arrived. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedServer {
  url: string;
  /** Arrival times (ms, performance.now()) and paths of every request. */
  hits: Array<{ at: number; method: string; path: string; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

export async function scriptedServer(answer: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<ScriptedServer> {
  const hits: ScriptedServer['hits'] = [];
  const server = createServer((req, res) => {
    hits.push({ at: performance.now(), method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => answer(req, res, hits.length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
