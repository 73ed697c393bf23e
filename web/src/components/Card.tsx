/**
 * The titled card every dashboard section is framed in: the heading names the section for screen
 * readers (aria-labelledby), `data-section` lets tests and styles find it, and `csv` adds the
 * download of its rows as `<id>.csv`.
 */
import type { ReactNode } from 'react';
import type { Cell } from '../lib/csv.js';
import { CsvButton } from './CsvButton.js';

export interface CardProps {
  id: string;
  title: string;
  wide?: boolean;
  /** The load state of a section still loading, missing or failed. */
  state?: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  csv?: { header: string[]; rows: Cell[][] };
  children?: ReactNode;
}

export function Card({ id, title, wide = false, state, actions, csv, children }: CardProps) {
  return (
    <section className={wide ? 'card wide' : 'card'} aria-labelledby={`${id}-title`} data-section={id} data-state={state}>
      <div className="card-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {actions}
        {csv && <CsvButton filename={`${id}.csv`} header={csv.header} rows={csv.rows} />}
      </div>
      {children}
    </section>
  );
}
