/**
 * pino, with every place a secret can appear redacted: credentials in headers, passwords,
 * API keys, webhook and session secrets.
 */
import pino, { type Logger } from 'pino';
import { serializeError } from './log-errors.js';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.passwordHash',
  '*.secret',
  '*.signingSecret',
  '*.apiKey',
  '*.key',
  '*.token',
  '*.sessionId',
  'password',
  'secret',
  'apiKey',
  'key',
  'token',
];

export interface LoggerOptions {
  level: string;
  /** File descriptor: 1 (stdout) for servers, 2 (stderr) for verbs whose stdout is their output. */
  fd?: 1 | 2;
  stream?: pino.DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { service: 'sightline' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // Failed SQL is logged without its parameters, whatever key the error is logged under.
      serializers: { err: serializeError, error: serializeError, cause: serializeError },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.stream ?? pino.destination({ fd: options.fd ?? 1, sync: false }),
  );
}

export type { Logger };

/**
 * A request's logger, made only when something is logged at an enabled level. Fastify builds
 * a pino child per request otherwise, which cost ~18 % of a cached endpoint's throughput here;
 * most requests log one line or none. One small object per request, methods on the prototype.
 */
class LazyChildLogger {
  private made: Logger | undefined;
  constructor(
    private readonly parent: Logger,
    private readonly extra: Record<string, unknown>,
  ) {}
  private real(): Logger {
    this.made ??= this.parent.child(this.extra);
    return this.made;
  }
  private emit(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    if (this.parent.isLevelEnabled(level)) (this.real()[level] as (...a: unknown[]) => void)(...args);
  }
  get level(): string {
    return (this.made ?? this.parent).level;
  }
  set level(value: string) {
    this.real().level = value;
  }
  fatal(...args: unknown[]) { this.emit('fatal', args); }
  error(...args: unknown[]) { this.emit('error', args); }
  warn(...args: unknown[]) { this.emit('warn', args); }
  info(...args: unknown[]) { this.emit('info', args); }
  debug(...args: unknown[]) { this.emit('debug', args); }
  trace(...args: unknown[]) { this.emit('trace', args); }
  silent() {}
  isLevelEnabled(level: string) { return this.parent.isLevelEnabled(level); }
  child(bindings: Record<string, unknown>, options?: pino.ChildLoggerOptions) { return this.real().child(bindings, options); }
  bindings() { return { ...this.parent.bindings(), ...this.extra }; }
  flush() { this.parent.flush(); }
}

export function lazyChildLogger(parent: Logger, bindings: Record<string, unknown>): Logger {
  return new LazyChildLogger(parent, bindings) as unknown as Logger;
}
