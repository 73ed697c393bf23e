/**
 * Content negotiation for report endpoints: the JSON answer, or its `rows` as a CSV download when
 * the caller asked for CSV (`format=csv`, or an Accept header preferring text/csv).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toCsv, type Cell } from '../lib/csv.js';

/** `format=csv`, or an Accept header that prefers text/csv to JSON. */
export function wantsCsv(request: FastifyRequest, format: string | undefined): boolean {
  if (format !== undefined) return format === 'csv';
  const accept = String(request.headers.accept ?? '').toLowerCase();
  if (!accept.includes('text/csv')) return false;
  const q = (type: string) => {
    const part = accept.split(',').map((p) => p.trim()).find((p) => p.startsWith(type));
    if (!part) return -1;
    const m = /;\s*q=([0-9.]+)/.exec(part);
    return m ? Number(m[1]) : 1;
  };
  return q('text/csv') >= q('application/json');
}

/** Sends `result` as JSON, or its `rows` as CSV when the caller asked for CSV. */
export function sendRows(
  request: FastifyRequest,
  reply: FastifyReply,
  format: string | undefined,
  result: { rows: ReadonlyArray<Record<string, Cell>> },
  options: { filename: string; columns?: readonly string[] },
): FastifyReply {
  reply.header('vary', 'Accept');
  if (!wantsCsv(request, format)) return reply.send(result);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${options.filename}.csv"`)
    .send(toCsv(result.rows, options.columns));
}
