/**
 * One error type for the whole service, and one place that turns anything thrown into the
 * envelope `{"error": {"code", "message", "requestId"}}` on both surfaces.
 */
import { setStandardHeaders } from './security-headers.js';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './types.js';

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError('VALIDATION_ERROR', 400, message, {}, details);
export const unauthorized = (message = 'Authentication required: send a valid API key or sign in.') =>
  new AppError('UNAUTHENTICATED', 401, message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', 403, message);
export const notFound = (what: string) => new AppError('NOT_FOUND', 404, `${what} not found.`);
export const conflict = (message: string) => new AppError('CONFLICT', 409, message);
export const quotaExceeded = (message: string) => new AppError('QUOTA_EXCEEDED', 402, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const upstreamUnavailable = (message: string) => new AppError('UPSTREAM_UNAVAILABLE', 502, message);
export const serviceUnavailable = (message: string) => new AppError('SERVICE_UNAVAILABLE', 503, message);
export const notImplemented = (message: string) => new AppError('NOT_IMPLEMENTED', 501, message);

const CODE_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  402: 'QUOTA_EXCEEDED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  502: 'UPSTREAM_UNAVAILABLE',
  503: 'SERVICE_UNAVAILABLE',
};

interface Envelope {
  status: number;
  code: string;
  message: string;
  headers: Record<string, string>;
  details?: Record<string, unknown> | undefined;
}

/** "body/brand_name must be string" from Ajv's first error, naming the field. */
function validationMessage(error: FastifyError): { message: string; field: string } {
  const first = error.validation?.[0];
  const where = error.validationContext ?? 'body';
  if (!first) return { message: error.message, field: where };
  const params = first.params as Record<string, unknown>;
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (first.keyword === 'required') {
    const field = [path, String(params.missingProperty)].filter(Boolean).join('.');
    return { message: `${where}.${field} is required`, field };
  }
  if (first.keyword === 'additionalProperties') {
    const field = [path, String(params.additionalProperty)].filter(Boolean).join('.');
    return { message: `${where}.${field} is not an accepted field`, field };
  }
  const field = path || where;
  const label = path ? `${where}.${path}` : where;
  return { message: `${label} ${first.message ?? 'is invalid'}`, field };
}

function toEnvelope(error: unknown, supportEmail: string, requestId: string): Envelope {
  if (error instanceof AppError) {
    return { status: error.status, code: error.code, message: error.message, headers: error.headers, details: error.details };
  }
  const fe = error as FastifyError;
  if (fe.validation) {
    const { message, field } = validationMessage(fe);
    return { status: 400, code: 'VALIDATION_ERROR', message, headers: {}, details: { field } };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    const byFastifyCode: Record<string, [string, string]> = {
      FST_ERR_CTP_INVALID_JSON_BODY: ['MALFORMED_JSON', 'The request body is not valid JSON.'],
      FST_ERR_CTP_EMPTY_JSON_BODY: ['MALFORMED_JSON', 'The request body is empty but Content-Type is application/json.'],
      FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
      FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.'],
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['VALIDATION_ERROR', 'Content-Length does not match the body.'],
      FST_ERR_MAX_PARAM_LENGTH: ['URI_TOO_LONG', 'A path parameter is too long.'],
      FST_ERR_BAD_URL: ['VALIDATION_ERROR', 'The URL is not valid.'],
    };
    const known = fe.code ? byFastifyCode[fe.code] : undefined;
    if (known) return { status, code: known[0], message: known[1], headers: {} };
    if (error instanceof SyntaxError) return { status: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.', headers: {} };
    return { status, code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST', message: fe.message, headers: {} };
  }
  return {
    status: status >= 500 && status < 600 ? status : 500,
    code: 'INTERNAL_ERROR',
    message: `An unexpected error occurred. Retry; if it persists, contact ${supportEmail} quoting request id ${requestId}.`,
    headers: {},
  };
}

export function sendError(reply: FastifyReply, request: FastifyRequest, envelope: Envelope) {
  // Errors raised before the handler never ran its header wrapper (src/http/security-headers.ts).
  setStandardHeaders(request, reply);
  for (const [name, value] of Object.entries(envelope.headers)) reply.header(name, value);
  const body: Record<string, unknown> = { code: envelope.code, message: envelope.message, requestId: request.id };
  if (envelope.details) Object.assign(body, envelope.details);
  return reply.status(envelope.status).send({ error: body });
}

/**
 * Errors Fastify raises before routing (a bad URL, an over-long path parameter) bypass the
 * error handler; this gives them the same envelope. Passed as the `frameworkErrors` option.
 */
export function frameworkErrorHandler(supportEmail: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    sendError(reply, request, toEnvelope(error, supportEmail, request.id));
}

/** Answers a not-found request itself (returns true), e.g. a browser navigation → the SPA. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

export function registerErrorHandling(
  app: App,
  options: { supportEmail: string; methodsFor: (path: string) => string[] },
): { setNotFoundFallback(fallback: NotFoundFallback): void } {
  let fallback: NotFoundFallback | undefined;
  app.setErrorHandler((error, request, reply) => {
    const envelope = toEnvelope(error, options.supportEmail, request.id);
    if (envelope.status >= 500 && !(error instanceof AppError && envelope.status !== 500)) {
      request.log.error({ err: error }, 'unhandled error');
    }
    return sendError(reply, request, envelope);
  });

  app.setNotFoundHandler((request, reply) => {
    if (fallback?.(request, reply)) return reply;
    const path = request.url.split('?')[0] ?? '/';
    const allowed = options.methodsFor(path);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return sendError(reply, request, {
        status: 405,
        code: 'METHOD_NOT_ALLOWED',
        message: `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}.`,
        headers: { allow: allowed.join(', ') },
      });
    }
    return sendError(reply, request, {
      status: 404,
      code: 'NOT_FOUND',
      message: `No route ${request.method} ${path}.`,
      headers: {},
    });
  });

  return {
    setNotFoundFallback(f) {
      fallback = f;
    },
  };
}
