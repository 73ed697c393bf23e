/** Downloads a table's numbers as CSV (the browser half of lib/csv.ts). */
import { toCsv, type Cell } from '../lib/csv.js';
import { useI18n } from '../i18n/I18n.js';

export function CsvButton({ filename, header, rows }: { filename: string; header: string[]; rows: Cell[][] }) {
  const { t } = useI18n();
  const download = () => {
    const url = URL.createObjectURL(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <button type="button" className="secondary small" onClick={download} disabled={rows.length === 0}>
      {t('common.downloadCsv')}
    </button>
  );
}
