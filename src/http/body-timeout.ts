/**
 * Slow-loris bound for request bodies. Node's `requestTimeout` stops watching a request once
 * its headers are parsed and a handler runs, so a body sent one byte every few seconds could
 * hold a connection (and a parser) for minutes. Here every request that carries a body must
 * have received all of it within `timeoutMs` of arriving; otherwise it is answered 408 with
 * the error envelope and its connection closed. Bodiless requests (GET, HEAD) start no timer.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export function enforceBodyTimeout(server: Server, timeoutMs: number): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const hasBody = request.headers['content-length'] !== undefined ? request.headers['content-length'] !== '0' : request.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return;
    const timer = setTimeout(() => {
      if (request.complete) return;
      if (!response.headersSent) {
        const body = JSON.stringify({ error: { code: 'REQUEST_TIMEOUT', message: `The request body was not received within ${Math.round(timeoutMs / 1000)} s.`, requestId: '' } });
        response.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
        response.end(body);
      }
      request.socket.destroySoon();
    }, timeoutMs);
    timer.unref();
    request.once('end', () => clearTimeout(timer));
    request.once('close', () => clearTimeout(timer));
  });
}
