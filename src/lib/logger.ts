/**
 * pino, with every place a secret can appear redacted: credentials in headers, passwords,
 * API keys, webhook and session secrets.
 */
import pino, { type Logger } from 'pino';

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
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.stream ?? pino.destination({ fd: options.fd ?? 1, sync: false }),
  );
}

export type { Logger };
