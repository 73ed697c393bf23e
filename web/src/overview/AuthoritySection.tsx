/** Authority: GEO and E-E-A-T scores, citation density, the four subscores and the 7-day trend. */
import { endpoints } from '../api/endpoints.js';
import { Kpi } from '../components/Kpi.js';
import { ChartCard } from '../components/ChartCard.js';
import { DataTable } from '../components/DataTable.js';
import { useI18n } from '../i18n/I18n.js';
import type { MessageKey } from '../i18n/messages.js';
import { useApi } from '../lib/useApi.js';
import { Loaded, PALETTE } from './Section.js';

const SUBSCORES = ['experience', 'expertise', 'authoritativeness', 'trustworthiness'] as const;

export function AuthoritySection({ brandId }: { brandId: string }) {
  const { t, num, dateTime } = useI18n();
  const [load] = useApi((signal) => endpoints.authority(brandId, signal), [brandId]);
  return (
    <Loaded id="authority" title={t('overview.authority')} load={load}>
      {(a) => {
        const rows: [string, number][] = [
          [t('authority.geo'), a.geoScore],
          [t('authority.eeat'), a.eeatScore],
          [t('authority.density'), a.citationDensity],
          [t('authority.trend'), a.trend7d],
          ...SUBSCORES.map((s): [string, number] => [t(`authority.${s}` as MessageKey), a.subscores[s]]),
        ];
        const option = {
          color: PALETTE,
          tooltip: { trigger: 'axis' },
          grid: { left: 120, right: 24, top: 8, bottom: 24 },
          xAxis: { type: 'value', min: 0 },
          yAxis: { type: 'category', data: SUBSCORES.map((s) => t(`authority.${s}` as MessageKey)), inverse: true },
          series: [{ type: 'bar', data: SUBSCORES.map((s) => a.subscores[s]), barMaxWidth: 20 }],
        };
        const trend = a.trend7d > 0 ? `+${num(a.trend7d, 1)}` : num(a.trend7d, 1);
        return (
          <ChartCard
            id="authority"
            title={t('overview.authority')}
            option={option}
            height={180}
            header={['metric', 'value']}
            rows={rows}
            table={
              <DataTable
                caption={t('overview.authority')}
                rows={rows}
                rowKey={(r) => r[0]}
                columns={[
                  { label: t('col.metric'), cell: (r) => r[0] },
                  { label: t('col.value'), cell: (r) => num(r[1], 2), numeric: true },
                ]}
              />
            }
          >
            <dl className="kpis">
              <Kpi label={t('authority.geo')}>{num(a.geoScore, 1)}</Kpi>
              <Kpi label={t('authority.eeat')}>{num(a.eeatScore, 1)}</Kpi>
              <Kpi label={t('authority.density')}>{num(a.citationDensity, 2)}</Kpi>
              <Kpi label={t('authority.trend')} className={a.trend7d < 0 ? 'down' : a.trend7d > 0 ? 'up' : undefined}>
                {trend}
              </Kpi>
            </dl>
            <p className="hint">{t('authority.scoredAt', { when: dateTime(a.scoredAt) })}</p>
          </ChartCard>
        );
      }}
    </Loaded>
  );
}
