/**
 * The only body parser: JSON. Our own instead of Fastify's default so that a body carrying
 * prototype-poisoning keys is told apart from malformed JSON (Fastify's parser reports both
 * as "invalid JSON") and answered as the hostile input it is, naming the key.
 */
import sjson from 'secure-json-parse';
import { AppError, badRequest } from './errors.js';
import type { App } from './types.js';

/** secure-json-parse says "Object contains forbidden prototype property". */
const POISON = /forbidden prototype property/i;

export function registerJsonBody(app: App) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) {
      done(new AppError('MALFORMED_JSON', 400, 'The request body is empty but Content-Type is application/json.'), undefined);
      return;
    }
    try {
      done(null, sjson.parse(text, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      const poisoned = error instanceof SyntaxError && POISON.test(error.message);
      done(
        poisoned
          ? badRequest('body contains a forbidden key (__proto__ or constructor.prototype).', { field: '__proto__' })
          : new AppError('MALFORMED_JSON', 400, 'The request body is not valid JSON.'),
        undefined,
      );
    }
  });
}
