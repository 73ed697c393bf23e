/**
 * CSV of a table (RFC 4180): every chart's numbers can be downloaded. Pure; the browser-only
 * download lives in components/CsvButton.tsx. A leading BOM lets Excel read Chinese as UTF-8.
 */
export type Cell = string | number | boolean | null | undefined;

function escapeCell(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  let text = String(cell);
  // Spreadsheet formula injection: a cell starting with = + - @ is shown as text.
  if (/^[=+\-@\t\r]/.test(text) && typeof cell === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return '\uFEFF' + [header, ...rows].map((row) => row.map(escapeCell).join(',')).join('\r\n') + '\r\n';
}
