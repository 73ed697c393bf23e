/**
 * The Webhooks page's list of alerts, open and acknowledged, with their dates (every role reads
 * it, even those who may not see the webhooks themselves). Reloads whenever an alert is
 * acknowledged, here or in the shell's notice.
 */
import { useState } from 'react';
import { endpoints } from '../api/endpoints.js';
import type { AccountAlert } from '../api/types.js';
import { ListTable } from '../components/ListTable.js';
import { ErrorNotice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { useAlerts } from './AlertsProvider.js';

export function AlertList({ brandId }: { brandId?: string | undefined }) {
  const { t, dateTime } = useI18n();
  const { version, canAcknowledge, acknowledge } = useAlerts();
  const [error, setError] = useState<unknown>(null);
  const [load] = useApi((signal) => endpoints.alerts({ state: 'all', brandId }, signal), [brandId, version]);
  if (load.state === 'missing') return null;
  return (
    <section className="card" aria-labelledby="alerts-title" data-testid="alert-list">
      <h2 id="alerts-title">{t('alerts.listTitle')}</h2>
      <p className="hint">{t('alerts.listIntro')}</p>
      {error ? <ErrorNotice error={error} /> : null}
      <ListTable<AccountAlert>
        load={load}
        caption={t('alerts.listTitle')}
        empty={t('alerts.listEmpty')}
        rowKey={(a) => a.id}
        columns={[
          { label: t('alerts.col.webhook'), cell: (a) => a.webhookName },
          { label: t('alerts.col.failingSince'), cell: (a) => dateTime(a.failingSince) },
          { label: t('alerts.col.raised'), cell: (a) => dateTime(a.createdAt) },
          { label: t('alerts.col.recovered'), cell: (a) => (a.resolvedAt ? dateTime(a.resolvedAt) : t('alerts.stillFailing')) },
          {
            label: t('alerts.col.acknowledged'),
            cell: (a) =>
              a.acknowledgedAt ? (
                <span data-testid="alert-acknowledged">{dateTime(a.acknowledgedAt)}</span>
              ) : canAcknowledge ? (
                <button
                  type="button"
                  className="secondary small"
                  aria-label={t('alerts.acknowledgeOne', { webhook: a.webhookName })}
                  onClick={() => {
                    setError(null);
                    acknowledge(a.id).catch(setError);
                  }}
                >
                  {t('alerts.acknowledge')}
                </button>
              ) : (
                t('alerts.notAcknowledged')
              ),
          },
        ]}
      />
    </section>
  );
}
