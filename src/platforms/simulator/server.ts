/**
 * One OpenAI-compatible HTTP server for all eight platforms, the platform being the first path
 * segment: `POST /{platform}/v1/chat/completions`, `GET /{platform}/v1/models`. Plain node:http:
 * nothing here may slow down a benchmark that pushes thousands of answers per second through it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PLATFORM_IDS, type PlatformId } from '../catalogue.js';
import { InvalidRequest, buildCompletion, modelList, parseChatRequest } from './completion.js';
import { SIMULATION_HEADER } from '../types.js';
import { decodeHint } from './subjects.js';
import { FaultState, type FaultPlan, type FaultStep, type PlatformFaults } from './faults.js';

export interface SimulatorOptions {
  /** Default 127.0.0.1: the simulator is a local tool, never exposed. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Delay before every answer, for all platforms or per platform. */
  latencyMs?: number | Partial<Record<PlatformId, number>>;
  faults?: FaultPlan;
  /** Clock for the answer's day (tests move it to see answers change). */
  now?: () => Date;
}

export interface SimulatorHandle {
  url: string;
  port: number;
  close(): Promise<void>;
  /** Replace one platform's faults at run time (undefined = healthy again). */
  setFaults(platform: PlatformId, faults: PlatformFaults | undefined): void;
  /** Requests received for a platform (chat and models), including failed ones. */
  requestCount(platform: PlatformId): number;
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;
const ROUTE = /^\/([a-z]+)\/v1\/(chat\/completions|models)\/?(?:\?.*)?$/;
const BASE_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'x-sightline-simulated': 'true' } as const;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { ...BASE_HEADERS, ...headers, 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

function sendError(res: ServerResponse, status: number, message: string, type: string, code: string | null, param: string | null = null, headers: Record<string, string> = {}): void {
  send(res, status, { error: { message, type, code, param } }, headers);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new InvalidRequest('Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function statusFault(res: ServerResponse, step: Exclude<FaultStep, string>): void {
  const headers: Record<string, string> = {};
  if (step.retryAfter !== undefined) headers['retry-after'] = String(step.retryAfter);
  const defaults: Record<number, [string, string]> = {
    400: ['invalid_request_error', 'invalid_request'],
    401: ['invalid_request_error', 'invalid_api_key'],
    429: ['requests', 'rate_limit_exceeded'],
  };
  const [type, code] = defaults[step.status] ?? (step.status >= 500 ? ['server_error', 'server_error'] : ['invalid_request_error', 'error']);
  sendError(res, step.status, step.message ?? `simulated HTTP ${step.status}`, step.type ?? type, step.code ?? code, null, headers);
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const faults = new FaultState(options.faults);
  const now = options.now ?? (() => new Date());
  const hanging = new Set<ServerResponse>();
  const latencyFor = (platform: PlatformId): number => {
    const latency = options.latencyMs;
    return typeof latency === 'number' ? latency : (latency?.[platform] ?? 0);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = ROUTE.exec(req.url ?? '');
    const platform = match?.[1] as PlatformId | undefined;
    if (!match || !platform || !(PLATFORM_IDS as readonly string[]).includes(platform)) {
      sendError(res, 404, `Unknown route ${req.method} ${req.url}; try /{platform}/v1/chat/completions with one of ${PLATFORM_IDS.join(', ')}`, 'invalid_request_error', 'not_found');
      return;
    }
    const endpoint = match[2];
    const expected = endpoint === 'models' ? 'GET' : 'POST';
    if (req.method !== expected) {
      sendError(res, 405, `Use ${expected} for /${platform}/v1/${endpoint}`, 'invalid_request_error', 'method_not_allowed');
      return;
    }
    if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
      sendError(res, 401, 'Missing bearer token in the Authorization header', 'invalid_request_error', 'invalid_api_key');
      return;
    }
    const step = faults.next(platform);
    if (step === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      req.resume();
      return;
    }
    const raw = endpoint === 'models' ? '' : await readBody(req);
    const latency = latencyFor(platform);
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    if (typeof step === 'object') return statusFault(res, step);
    if (step === 'malformed') return send(res, 200, '{"id": "chatcmpl-sim", "choices": [{"message": {"content": "trunc');
    const nowDate = now();
    const nowSeconds = Math.floor(nowDate.getTime() / 1000);
    if (endpoint === 'models') return send(res, 200, modelList(platform, nowSeconds));
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new InvalidRequest('Request body is not valid JSON');
    }
    const request = parseChatRequest(body, platform);
    send(res, 200, buildCompletion(request, {
      platform,
      day: nowDate.toISOString().slice(0, 10),
      nowSeconds,
      aeoInvalidJson: faults.get(platform)?.aeoInvalidJson === true,
      hint: decodeHint(req.headers[SIMULATION_HEADER]),
    }));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof InvalidRequest) sendError(res, 400, error.message, 'invalid_request_error', 'invalid_request', error.param);
      else sendError(res, 500, 'Simulator error', 'server_error', 'server_error');
    });
  });
  // Clients keep connections alive between calls; match the usual proxy idle timeout.
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  // A wildcard bind is reachable on loopback; print an address a client can actually use.
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.address;
  const hostForUrl = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${hostForUrl}:${address.port}`,
    port: address.port,
    setFaults: (platform, next) => faults.set(platform, next),
    requestCount: (platform) => faults.requestCount(platform),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
