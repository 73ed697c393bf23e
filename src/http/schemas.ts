/** Schemas shared by routes of both surfaces. */
import { Type } from 'typebox';

export const ErrorEnvelopeSchema = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.String({ description: 'Stable SNAKE_CASE code, e.g. VALIDATION_ERROR, RATE_LIMITED.' }),
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
