/**
 * Reads a prompt CSV (RFC 4180: quoted fields, doubled quotes, CRLF or LF). Columns by header:
 * `text` (required), `locale`, `stage`, `intent`, `enabled`; without a header row the columns are
 * taken in that order. Pure: rows or the first problem, named by line and column.
 */
import { AIDA_STAGES, PROMPT_INTENTS, PROMPT_LOCALES, type AidaStage, type PromptIntent, type PromptLocale } from '../../db/schema/scanning.js';

export interface CsvPrompt {
  line: number;
  text: string;
  locale?: PromptLocale | undefined;
  stage?: AidaStage | undefined;
  intent?: PromptIntent | undefined;
  enabled?: boolean | undefined;
}

export const MAX_IMPORT_ROWS = 200;
const COLUMNS = ['text', 'locale', 'stage', 'intent', 'enabled'] as const;

export function parseCsv(input: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const text = input.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

export type CsvResult = { ok: true; prompts: CsvPrompt[] } | { ok: false; field: string; message: string };

function oneOf<T extends string>(value: string, allowed: readonly T[]): T | undefined | null {
  if (value === '') return undefined;
  return (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

export function readPromptCsv(input: string): CsvResult {
  const rows = parseCsv(input);
  if (rows.length === 0) return { ok: false, field: 'csv', message: 'body.csv has no rows' };
  const first = rows[0]!.map((h) => h.trim().toLowerCase());
  const hasHeader = first.includes('text');
  const header = hasHeader ? first : [...COLUMNS];
  const unknown = header.find((h) => !(COLUMNS as readonly string[]).includes(h));
  if (hasHeader && unknown !== undefined) return { ok: false, field: 'csv', message: `body.csv: unknown column "${unknown}" (use ${COLUMNS.join(', ')})` };
  const body = hasHeader ? rows.slice(1) : rows;
  if (body.length > MAX_IMPORT_ROWS) return { ok: false, field: 'csv', message: `body.csv has ${body.length} rows; at most ${MAX_IMPORT_ROWS} at a time` };
  const prompts: CsvPrompt[] = [];
  for (const [index, cells] of body.entries()) {
    const line = index + (hasHeader ? 2 : 1);
    const get = (column: string) => (cells[header.indexOf(column)] ?? '').trim();
    const bad = (column: string, allowed: readonly string[]) => ({ ok: false as const, field: `csv.${line}.${column}`, message: `body.csv line ${line}: ${column} "${get(column)}" is not one of ${allowed.join(', ')}` });
    const text = get('text');
    if (text === '') return { ok: false, field: `csv.${line}.text`, message: `body.csv line ${line}: text is empty` };
    if (text.length > 500) return { ok: false, field: `csv.${line}.text`, message: `body.csv line ${line}: text is longer than 500 characters` };
    const locale = oneOf(get('locale'), PROMPT_LOCALES);
    if (locale === null) return bad('locale', PROMPT_LOCALES);
    const stage = oneOf(get('stage'), AIDA_STAGES);
    if (stage === null) return bad('stage', AIDA_STAGES);
    const intent = oneOf(get('intent'), PROMPT_INTENTS);
    if (intent === null) return bad('intent', PROMPT_INTENTS);
    const enabledRaw = get('enabled').toLowerCase();
    const enabled = enabledRaw === '' ? undefined : ['true', '1', 'yes'].includes(enabledRaw) ? true : ['false', '0', 'no'].includes(enabledRaw) ? false : null;
    if (enabled === null) return bad('enabled', ['true', 'false']);
    prompts.push({ line, text, locale, stage, intent, enabled });
  }
  return { ok: true, prompts };
}
