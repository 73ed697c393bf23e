/**
 * Password hashing with scrypt at OWASP's parameters (N=2^17, r=8, p=1: 128 MiB and a few
 * hundred milliseconds per hash). node:crypto runs scrypt on the libuv thread pool, so the event
 * loop keeps serving; at most MAX_CONCURRENT hashes run at once so a burst of sign-ins cannot
 * take all pool threads (file and DNS work share them) or several hundred MiB of memory.
 * The stored string carries its parameters, so they can be raised later without a migration.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_PARAMS = { logN: 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_CONCURRENT = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) is below OWASP's parameters.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return withSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

/** `scrypt$17$8$1$<salt base64>$<hash base64>` */
export async function hashPassword(password: string, params: { logN: number; r: number; p: number } = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params.logN, params.r, params.p);
  return ['scrypt', params.logN, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A real hash of a random password, made once: an unknown e-mail is checked against it so a
 * failed sign-in takes as long whether or not the account exists.
 */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
