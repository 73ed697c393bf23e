/**
 * CSV export of dashboard rows (RFC 4180): same rows as the JSON `rows`, header from the row keys.
 * Text cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) are prefixed with a
 * single quote (OWASP CSV injection advice); numbers are written as numbers.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

type Cell = string | number | boolean | null | undefined;

function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: ReadonlyArray<Record<string, Cell>>, columns?: readonly string[]): string {
  const header = columns ?? (rows[0] ? Object.keys(rows[0]) : []);
  if (header.length === 0) return '';
  const lines = [header.map(cell).join(',')];
  for (const row of rows) lines.push(header.map((c) => cell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

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
