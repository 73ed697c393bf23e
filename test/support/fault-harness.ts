/**
 * The fault suite's tools: a TCP proxy in front of PostgreSQL that can drop every connection
 * ("stopped") or stall them ("frozen"), a throw-away redis-server the test may stop and pause, and
 * Sightline processes (`serve` / `worker`) as real children. Nothing here touches the machine's
 * own PostgreSQL or Redis: faults happen in the proxy and in the test's own redis-server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { sleep } from '../../src/lib/time.js';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ProxyMode = 'up' | 'stopped' | 'frozen';

/** Forwards 127.0.0.1:<port> to a target; `mode` decides what happens to the bytes. */
export class FaultProxy {
  private server: Server | undefined;
  private pairs = new Set<[Socket, Socket]>();
  mode: ProxyMode = 'up';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      if (this.mode === 'stopped') return client.destroy(); // like a server that is not there
      const upstream = connect(this.targetPort, this.targetHost);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.pairs.delete(pair);
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
      client.pipe(upstream);
      upstream.pipe(client);
      if (this.mode === 'frozen') this.freezePair(pair);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as { port: number }).port;
  }

  private freezePair([client, upstream]: [Socket, Socket]) {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  }

  /** Every connection is cut and new ones are refused: PostgreSQL is down. */
  stop(): void {
    this.mode = 'stopped';
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  /** Connections stay open but no byte moves either way: PostgreSQL hangs. */
  freeze(): void {
    this.mode = 'frozen';
    for (const pair of this.pairs) this.freezePair(pair);
  }

  resume(): void {
    const wasFrozen = this.mode === 'frozen';
    this.mode = 'up';
    if (!wasFrozen) return;
    for (const [client, upstream] of this.pairs) {
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
      upstream.resume();
    }
  }

  async close(): Promise<void> {
    this.stop();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** A redis-server of the test's own, on a free port, without persistence. */
export class ThrowAwayRedis {
  private child: ChildProcess | undefined;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => chunk.toString().includes('Ready to accept connections') && resolve();
      child.stdout!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  unpause(): void {
    this.child?.kill('SIGCONT');
  }
}

export interface Proc {
  name: string;
  child: ChildProcess;
  /** Everything written to stdout (pino lines). */
  out: string[];
  /** Set when the process exited, with its code or signal. */
  exited?: { code: number | null; signal: NodeJS.Signals | null; at: number };
  base?: string;
}

/** Starts `sightline serve|worker` through tsx, resolves once its banner is printed. */
export async function startProcess(name: string, role: 'serve' | 'worker', env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', role], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: Proc = { name, child, out: [] };
  child.stdout!.on('data', (chunk: Buffer) => proc.out.push(chunk.toString()));
  let err = '';
  child.on('exit', (code, signal) => (proc.exited = { code, signal, at: Date.now() }));
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      if (err.includes('is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${name} exited during start-up (${code}): ${err.slice(-2_000)}`)));
  });
  if (role === 'serve') proc.base = `http://127.0.0.1:${env.PORT}`;
  return proc;
}

/** Pino lines of a process whose msg matches. */
export function logLines(proc: Proc, msg: string): Array<Record<string, unknown>> {
  return proc.out
    .join('')
    .split('\n')
    .filter((line) => line.includes(msg))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return {};
      }
    })
    .filter((l) => l.msg === msg);
}

/** Polls until `check` holds; returns the milliseconds it took. */
export async function timeUntil(check: () => Promise<boolean>, limitMs: number, what: string): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(100);
  }
}

/**
 * An OpenAI-compatible front that counts every chat completion (a task execution) and forwards
 * it to the simulator after `latencyMs` (so tasks are in flight when a fault strikes). The
 * workers reach the platforms through it, so the test sees executions across processes.
 */
export async function startCountingPlatform(
  simulatorUrl: string,
  latencyMs: number,
): Promise<{ url: string; completions: () => number; byTask: () => Map<string, number>; close: () => Promise<void> }> {
  const { createServer: createHttpServer } = await import('node:http');
  let completions = 0;
  /** Calls per `platform|question`: the executions of each task. */
  const perTask = new Map<string, number>();
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const isCompletion = req.method === 'POST' && (req.url ?? '').includes('/chat/completions');
      let key: string | undefined;
      if (isCompletion) {
        try {
          const platform = (req.url ?? '').split('/')[1] ?? '';
          const { messages } = JSON.parse(Buffer.concat(chunks).toString()) as { messages: Array<{ content: string }> };
          key = `${platform}|${messages.at(-1)?.content ?? ''}`;
        } catch {
          // not a chat body: counted in total only
        }
        if (process.env.FAULTS_TRACE) process.stdout.write(`COMPLETION ${new Date().toISOString()} ${req.url} ${Buffer.concat(chunks).toString().slice(0, 120)}\n`);
      }
      if (isCompletion) await sleep(latencyMs);
      try {
        const upstream = await fetch(`${simulatorUrl}${req.url}`, {
          method: req.method ?? 'GET',
          headers: { 'content-type': req.headers['content-type'] ?? 'application/json', authorization: req.headers.authorization ?? '' },
          ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
        });
        // An execution is a call that produced an answer; an adapter's retry of a failed call is not one.
        if (isCompletion && upstream.ok) {
          completions += 1;
          if (key) perTask.set(key, (perTask.get(key) ?? 0) + 1);
        }
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      } catch {
        res.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    completions: () => completions,
    byTask: () => new Map(perTask),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
