/**
 * A logger whose lines a test can read back: for asserting what reaches the log (a secret must
 * never) and what the operator is told. Lines are JSON text, in the order written.
 */
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/lib/logger.js';

export interface CapturedLog {
  log: Logger;
  /** Every line written so far, joined. */
  text(): string;
}

export function captureLog(level: 'trace' | 'info' = 'info'): CapturedLog {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { log: createLogger({ level, stream }), text: () => chunks.join('') };
}
