/**
 * How an error is written to the log, on every path (pino's `err` serializer): a failed
 * database statement is logged with its SQL but never its parameters. Drizzle's
 * DrizzleQueryError carries them in `params` and in its message ("Failed query: …\nparams: …"),
 * and the driver's error under `cause` can quote values in `detail` ("Key (url)=(…)"); those
 * values are webhook secrets, robot signing secrets, tokens in URLs. Everything else of the
 * error (type, message, code, stack, cause chain) is kept for diagnosis.
 */
import pino from 'pino';

const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
const DROPPED = new Set(['params', 'detail', 'where', 'internalQuery', 'parameters', 'values']);

/** A message with any "params: …" tail of a failed query removed. */
export function withoutQueryParams(text: string): string {
  return text.replace(PARAMS_IN_TEXT, '\n(query parameters are never logged)');
}

export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const plain = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(plain)) {
    if (DROPPED.has(key)) continue;
    if (typeof value === 'string' && (key === 'message' || key === 'stack')) out[key] = withoutQueryParams(value);
    else out[key] = value;
  }
  if (error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
