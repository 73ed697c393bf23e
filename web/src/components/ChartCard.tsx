/**
 * A titled card with a chart and its numbers: "show table" swaps the chart for an accessible
 * table of the same rows, and the CSV button downloads them. The chart module is lazy.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Cell } from '../lib/csv.js';
import type { ChartOption } from '../charts/Chart.js';
import { useI18n } from '../i18n/I18n.js';
import { Card } from './Card.js';
import { CsvButton } from './CsvButton.js';

const Chart = lazy(() => import('../charts/Chart.js'));

export interface ChartCardProps {
  id: string;
  title: string;
  help?: string;
  option: ChartOption | null;
  height?: number;
  header: string[];
  rows: Cell[][];
  table: ReactNode;
  children?: ReactNode;
  /** Further charts of the same rows, each under its own subtitle (the table covers them all). */
  more?: { key: string; title: string; help?: string; option: ChartOption | null; height?: number }[];
}

export function ChartCard({ id, title, help, option, height = 260, header, rows, table, children, more = [] }: ChartCardProps) {
  const { t } = useI18n();
  const [showTable, setShowTable] = useState(false);
  return (
    <Card
      id={id}
      title={title}
      actions={
        <div className="card-actions">
          {option && (
            <button type="button" className="secondary small" aria-pressed={showTable} onClick={() => setShowTable((v) => !v)}>
              {showTable ? t('common.showChart') : t('common.showTable')}
            </button>
          )}
          <CsvButton filename={`${id}.csv`} header={header} rows={rows} />
        </div>
      }
    >
      {help && <p className="hint">{help}</p>}
      {children}
      {option && !showTable ? (
        <Suspense fallback={<div className="chart chart-placeholder" style={{ height }} aria-hidden="true" />}>
          <Chart option={option} height={height} label={title} />
          {more.map((m) =>
            m.option ? (
              <div key={m.key} data-chart={m.key}>
                <h3 className="chart-subtitle">{m.title}</h3>
                {m.help && <p className="hint">{m.help}</p>}
                <Chart option={m.option} height={m.height ?? height} label={m.title} />
              </div>
            ) : null,
          )}
        </Suspense>
      ) : (
        table
      )}
    </Card>
  );
}
