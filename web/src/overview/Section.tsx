/** The loading / missing / error frame every overview section shares (same min-height: no jumps). */
import type { ReactNode } from 'react';
import { Card } from '../components/Card.js';
import { ErrorNotice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import type { Translate } from '../i18n/messages.js';
import type { Load } from '../lib/useApi.js';

export function Loaded<T>({ id, title, load, children }: { id: string; title: string; load: Load<T>; children: (data: T) => ReactNode }) {
  const { t } = useI18n();
  if (load.state === 'ready') return <>{children(load.data)}</>;
  return (
    <Card id={id} title={title} state={load.state}>
      <div className="card-body-placeholder">
        {load.state === 'loading' && <p className="muted">{t('common.loading')}</p>}
        {load.state === 'missing' && <p className="muted">{t('common.notAvailable')}</p>}
        {load.state === 'error' && <ErrorNotice error={load.error} />}
      </div>
    </Card>
  );
}

/** A chart section's id, title and help: its `overview.<id>` and `overview.<id>Help` messages. */
export function chartText(t: Translate, id: 'aida' | 'sentiment' | 'visibility') {
  return { id, title: t(`overview.${id}`), help: t(`overview.${id}Help`) };
}

/** ECharts axis/tooltip values as percentages (the API sends 0–1 ratios). */
export const toPct = (ratio: number | null | undefined) => (ratio === null || ratio === undefined ? null : Math.round(ratio * 1000) / 10);
export const PALETTE = ['#1f5fbf', '#c2410c', '#15803d', '#7c3aed', '#b91c1c', '#0e7490', '#a16207', '#4b5563'];
