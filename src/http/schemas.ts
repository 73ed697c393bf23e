/** Schemas shared by routes of both surfaces. */
import { Type } from 'typebox';
import type { App } from './types.js';
import { ERROR_CODES } from '../lib/errors.js';

export const ErrorEnvelopeSchema = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.Enum(ERROR_CODES, { description: 'Stable code to switch on; the list is closed (src/lib/errors.ts).' }),
        message: Type.String(),
        requestId: Type.String(),
        field: Type.Optional(Type.String({ description: 'The offending field, on validation errors.' })),
      },
      { additionalProperties: true },
    ),
  },
  { $id: 'ErrorEnvelope' },
);

/** Response entries for the error statuses a route can answer, all with the envelope. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, { $ref: 'ErrorEnvelope#' }]));
}


/**
 * Every route that validates input can answer 400 (the validation layer's shared rules — NUL,
 * lone surrogates, nesting — apply even where a route's own schema could not fail): the
 * answer is documented on each such route so the OpenAPI document and the fuzz test agree.
 */
export function documentValidationErrors(app: App) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> } | undefined;
    if (!schema?.response || !(schema.body || schema.querystring || schema.params)) return;
    schema.response['400'] ??= { $ref: 'ErrorEnvelope#' };
  });
}
