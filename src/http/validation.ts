/**
 * Request validation with two Ajv instances. Bodies are JSON: a value has the type the client
 * sent, never coerced (42 is not a password, "3" is not a count). Query strings and path
 * parameters are text, so numbers and booleans are coerced from it.
 */
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS (`module.exports = formatsPlugin`, plus `.default`); its typings
// describe the ESM view, so under NodeNext the callable is reached through `.default`.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

const COMMON: Options = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false };

export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const strict = new Ajv({ ...COMMON, coerceTypes: false });
  const coercing = new Ajv({ ...COMMON, coerceTypes: 'array' });
  addFormats(strict);
  addFormats(coercing);
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema as object);
}
