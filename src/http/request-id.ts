import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Random per process, so ids from several API processes never collide. */
const PROCESS_PREFIX = randomBytes(6).toString('hex');
let counter = 0;

/**
 * Echo a caller's X-Request-Id when it is safe to log and return; otherwise make one.
 * Ids only need to be unique, not secret: a process prefix and a counter is cheaper than a UUID.
 */
export function requestIdFrom(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && SAFE_ID.test(given)) return given;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${PROCESS_PREFIX}-${counter.toString(36)}`;
}
