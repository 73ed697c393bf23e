/**
 * The one place that turns anything thrown — a domain error (src/lib/errors.ts), a Fastify error,
 * a bug — into the envelope `{"error": {"code", "message", "requestId", ...}}` on both surfaces,
 * with the status the code maps to.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, RateLimitedError, retryAfterSeconds, type ErrorCode } from '../lib/errors.js';
import { limitHeaders } from './rate-limit.js';
import { setStandardHeaders } from './security-headers.js';
import type { App } from './types.js';
import { classifyDependencyError, DEPENDENCY_RETRY_AFTER_SECONDS, type DependencyFailure } from '../lib/dependency-errors.js';

/** The one place a domain error code becomes an HTTP status. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  MALFORMED_JSON: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  QUOTA_EXCEEDED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  CONFLICT: 409,
  WEBHOOK_LIMIT_REACHED: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  INVITE_ALREADY_USED: 409,
  INVITE_EXPIRED: 410,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  UPSTREAM_UNAVAILABLE: 502,
  UPSTREAM_INVALID_RESPONSE: 502,
  SERVICE_UNAVAILABLE: 503,
};

/** Fastify's own errors carry only a status: the code that stands for each status as a whole. */
const CODE_BY_STATUS = new Map<number, ErrorCode>(
  (
    [
      'VALIDATION_ERROR', 'UNAUTHENTICATED', 'QUOTA_EXCEEDED', 'FORBIDDEN', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'NOT_ACCEPTABLE',
      'CONFLICT', 'PAYLOAD_TOO_LARGE', 'URI_TOO_LONG', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED', 'UPSTREAM_UNAVAILABLE', 'SERVICE_UNAVAILABLE',
    ] as const
  ).map((code) => [STATUS_BY_CODE[code], code]),
);

interface Envelope {
  status: number;
  code: ErrorCode;
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

function domainEnvelope(error: DomainError): Envelope {
  const details = error.field === undefined ? error.details : { field: error.field, ...error.details };
  const headers: Record<string, string> =
    error instanceof RateLimitedError
      ? { 'retry-after': String(retryAfterSeconds(error.decision)), ...limitHeaders(error.decision) }
      : {};
  return { status: STATUS_BY_CODE[error.code], code: error.code, message: error.message, headers, details };
}

function toEnvelope(error: unknown, supportEmail: string, requestId: string): Envelope {
  if (error instanceof DomainError) return domainEnvelope(error);
  const fe = error as FastifyError;
  if (fe.validation) {
    const { message, field } = validationMessage(fe);
    return { status: 400, code: 'VALIDATION_ERROR', message, headers: {}, details: { field } };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    const byFastifyCode: Record<string, [ErrorCode, string]> = {
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
    return { status, code: CODE_BY_STATUS.get(status) ?? 'BAD_REQUEST', message: fe.message, headers: {} };
  }
  if (classifyDependencyError(error)) return dependencyEnvelope();
  return {
    status: status >= 500 && status < 600 ? status : 500,
    code: 'INTERNAL_ERROR',
    message: `An unexpected error occurred. Retry; if it persists, contact ${supportEmail} quoting request id ${requestId}.`,
    headers: {},
  };
}

/**
 * The database or Redis is down or too slow: the client may retry soon and it is not their fault.
 * Which dependency is for operators (the monitor's log line, debug per request), not the client.
 */
function dependencyEnvelope(): Envelope {
  return {
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
    message: `The service is temporarily unavailable. Retry in ${DEPENDENCY_RETRY_AFTER_SECONDS} seconds.`,
    headers: { 'retry-after': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
  };
}

/** Answers the dependency-unavailable envelope directly (the guard that runs before routing). */
export function replyDependencyUnavailable(request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, request, dependencyEnvelope());
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
  options: {
    supportEmail: string;
    methodsFor: (path: string) => string[];
    /** A request failed because a dependency is down or slow (the monitors count it and log changes). */
    onDependencyFailure?: (failure: DependencyFailure, error: unknown) => void;
  },
): { setNotFoundFallback(fallback: NotFoundFallback): void } {
  let fallback: NotFoundFallback | undefined;
  app.setErrorHandler((error, request, reply) => {
    const failure = error instanceof DomainError ? undefined : classifyDependencyError(error);
    if (failure) {
      // One log line per outage comes from the dependency monitor; per request only at debug.
      request.log.debug({ dependency: failure.dependency, reason: failure.reason }, 'dependency unavailable');
      options.onDependencyFailure?.(failure, error);
      return sendError(reply, request, dependencyEnvelope());
    }
    // A request no route matched (an unknown method such as QUERY whose body Fastify tried to
    // parse first) answers what the not-found handler would: 405 with Allow, or 404.
    if (request.is404 && !(error instanceof DomainError)) return notFoundOrNotAllowed(request, reply);
    const envelope = toEnvelope(error, options.supportEmail, request.id);
    if (envelope.status >= 500 && !(error instanceof DomainError && error.code !== 'INTERNAL_ERROR')) {
      request.log.error({ err: error }, 'unhandled error');
    }
    return sendError(reply, request, envelope);
  });

  function notFoundOrNotAllowed(request: FastifyRequest, reply: FastifyReply) {
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
  }

  app.setNotFoundHandler((request, reply) => {
    if (fallback?.(request, reply)) return reply;
    return notFoundOrNotAllowed(request, reply);
  });

  return {
    setNotFoundFallback(f) {
      fallback = f;
    },
  };
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (an unknown method such as
 * FOO, a malformed request line, a client too slow to send its request), answered with the
 * envelope and closed. Passed as Fastify's `clientErrorHandler`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: import('node:net').Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', 'The request was not received in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE', 'The request headers are too large.']
        : error.code === 'HPE_INVALID_METHOD'
          ? [405, 'METHOD_NOT_ALLOWED', 'This HTTP method is not supported by this server.']
          : [400, 'BAD_REQUEST', 'The HTTP request is malformed.'];
  const body = JSON.stringify({ error: { code, message, requestId: '' } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${code.replace(/_/g, ' ')}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
