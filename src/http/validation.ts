/**
 * Request validation with two Ajv instances. Bodies are JSON: a value has the type the client
 * sent, never coerced (42 is not a password, "3" is not a count). Query strings and path
 * parameters are text, so numbers and booleans are coerced from it. Every compiled validator
 * also applies the one rule no schema states: no NUL or lone surrogate in any string
 * (src/http/hostile-strings.ts).
 */
import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { findHostileString, HOSTILE_STRING_MESSAGE } from './hostile-strings.js';

// ajv-formats is CommonJS (`module.exports = formatsPlugin`, plus `.default`); its typings
// describe the ESM view, so under NodeNext the callable is reached through `.default`.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

const COMMON: Options = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false };

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** Refuses hostile strings first (they must never reach a handler), then applies the schema. */
function withHostileStringRule(inner: Validate): Validate {
  const validate: Validate = (data: unknown) => {
    const path = findHostileString(data);
    if (path !== undefined) {
      validate.errors = [{ keyword: 'hostileString', instancePath: path, schemaPath: '#', params: {}, message: HOSTILE_STRING_MESSAGE }];
      return false;
    }
    const ok = inner(data);
    validate.errors = inner.errors ?? null;
    return ok;
  };
  return validate;
}

export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const strict = new Ajv({ ...COMMON, coerceTypes: false });
  const coercing = new Ajv({ ...COMMON, coerceTypes: 'array' });
  addFormats(strict);
  addFormats(coercing);
  return ({ schema, httpPart }) => withHostileStringRule((httpPart === 'body' ? strict : coercing).compile(schema as object) as Validate);
}
