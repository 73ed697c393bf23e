/** Open (unresolved) sentinel incidents, highest severity first. */
import { endpoints } from '../api/endpoints.js';
import type { IncidentRow } from '../api/types.js';
import { Card } from '../components/Card.js';
import { DataTable } from '../components/DataTable.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { Loaded } from './Section.js';

export function IncidentsSection({ brandId }: { brandId: string }) {
  const { t, dateTime, num, known } = useI18n();
  const [load] = useApi((signal) => endpoints.incidents(brandId, signal), [brandId]);
  return (
    <Loaded id="incidents" title={t('overview.incidents')} load={load}>
      {({ rows }) => {
        const open = rows.filter((r) => r.status !== 'resolved');
        return (
          <Card
            id="incidents"
            title={t('overview.incidents')}
            csv={{
              header: ['id', 'severity', 'type', 'status', 'title', 'evidence', 'opened_at'],
              rows: open.map((r) => [r.id, r.severity, r.type, r.status, r.title, r.evidenceCount, r.openedAt]),
            }}
          >
            {open.length === 0 ? (
              <p className="muted">{t('overview.noIncidents')}</p>
            ) : (
              <DataTable<IncidentRow>
                caption={t('overview.incidents')}
                rows={open}
                rowKey={(r) => r.id}
                columns={[
                  { label: t('col.severity'), cell: (r) => <span className={`sev sev-${r.severity}`}>{known(`severity.${r.severity}`, r.severity)}</span> },
                  { label: t('col.title'), cell: (r) => r.title },
                  { label: t('col.status'), cell: (r) => known(`incident.${r.status}`, r.status) },
                  { label: t('col.evidence'), cell: (r) => num(r.evidenceCount), numeric: true },
                  { label: t('col.opened'), cell: (r) => dateTime(r.openedAt) },
                ]}
              />
            )}
          </Card>
        );
      }}
    </Loaded>
  );
}
