/**
 * The only body parser: JSON. Our own instead of Fastify's default so that a body carrying
 * prototype-poisoning keys is told apart from malformed JSON (Fastify's parser reports both
 * as "invalid JSON") and answered as the hostile input it is, naming the key.
 */
import sjson from 'secure-json-parse';
import { badRequest, DomainError } from '../lib/errors.js';
import type { App } from './types.js';

/** secure-json-parse says "Object contains forbidden prototype property". */
const POISON = /forbidden prototype property/i;

/** No request of this API nests deeper than a few levels; 32 leaves room and bounds every later walk. */
export const MAX_JSON_DEPTH = 32;

/** For routes whose bodies are a few short fields (sign-in, invitations): 16 KiB. */
export const SMALL_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The deepest nesting of `[`/`{` in a JSON text, counted in one linear pass (strings skipped)
 * and stopped as soon as the limit is passed, so a megabyte of `[[[[…` costs microseconds
 * instead of a recursive parse and a recursive validation of 500 000 levels.
 */
export function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export function registerJsonBody(app: App) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) {
      done(new DomainError('MALFORMED_JSON', 'The request body is empty but Content-Type is application/json.'), undefined);
      return;
    }
    if (exceedsDepth(text, MAX_JSON_DEPTH)) {
      done(badRequest(`body nests deeper than ${MAX_JSON_DEPTH} levels.`, { field: 'body' }), undefined);
      return;
    }
    try {
      done(null, sjson.parse(text, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      const poisoned = error instanceof SyntaxError && POISON.test(error.message);
      done(
        poisoned
          ? badRequest('body contains a forbidden key (__proto__ or constructor.prototype).', { field: '__proto__' })
          : new DomainError('MALFORMED_JSON', 'The request body is not valid JSON.'),
        undefined,
      );
    }
  });
}
