/**
 * CSV of report rows (RFC 4180): the same rows an endpoint answers as JSON `rows`, header from the row keys.
 * Text cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) are prefixed with a
 * single quote (OWASP CSV injection advice); numbers are written as numbers.
 */
export type Cell = string | number | boolean | null | undefined;

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
