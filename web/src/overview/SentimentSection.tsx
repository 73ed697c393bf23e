/** Sentiment of the brand's mentions per day (stacked), totals, and sentiment alerts. */
import { endpoints } from '../api/endpoints.js';
import type { SentimentOverview } from '../api/types.js';
import { ChartCard } from '../components/ChartCard.js';
import { DataTable } from '../components/DataTable.js';
import { Notice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { chartText, Loaded } from './Section.js';

type Day = SentimentOverview['rows'][number];

export function SentimentSection({ brandId, days }: { brandId: string; days: number }) {
  const { t, num, pct, day, known } = useI18n();
  // Unbranded prompts, as the headline's net sentiment: one figure, one definition.
  const [load] = useApi((signal) => endpoints.sentiment({ brand_id: brandId, days, prompts: 'unbranded' }, signal), [brandId, days]);
  return (
    <Loaded id="sentiment" title={t('overview.sentiment')} load={load}>
      {({ rows, totals, alerts }) => {
        const withMentions = rows.filter((r) => r.mentions > 0);
        const option = withMentions.length
          ? {
              color: ['#15803d', '#9ca3af', '#b91c1c'],
              tooltip: { trigger: 'axis' },
              legend: { top: 0 },
              grid: { left: 40, right: 16, top: 32, bottom: 28 },
              xAxis: { type: 'category', data: rows.map((r) => day(r.day)) },
              yAxis: { type: 'value', minInterval: 1 },
              series: [
                { name: t('col.positive'), type: 'bar', stack: 's', data: rows.map((r) => r.positives) },
                { name: t('col.neutral'), type: 'bar', stack: 's', data: rows.map((r) => r.neutrals) },
                { name: t('col.negative'), type: 'bar', stack: 's', data: rows.map((r) => r.negatives) },
              ],
            }
          : null;
        const share = (n: number) => (totals.mentions > 0 ? pct(n / totals.mentions) : '—');
        return (
          <ChartCard
            {...chartText(t, 'sentiment')}
            option={option}
            header={['day', 'mentions', 'positives', 'neutrals', 'negatives']}
            rows={rows.map((r) => [r.day, r.mentions, r.positives, r.neutrals, r.negatives])}
            table={
              <DataTable<Day>
                caption={t('overview.sentiment')}
                rows={withMentions}
                rowKey={(r) => r.day}
                columns={[
                  { label: t('col.date'), cell: (r) => day(r.day) },
                  { label: t('col.positive'), cell: (r) => num(r.positives), numeric: true },
                  { label: t('col.neutral'), cell: (r) => num(r.neutrals), numeric: true },
                  { label: t('col.negative'), cell: (r) => num(r.negatives), numeric: true },
                ]}
              />
            }
          >
            <p className="stat-line">
              {t('col.positive')} {share(totals.positives)} · {t('col.neutral')} {share(totals.neutrals)} · {t('col.negative')} {share(totals.negatives)} ·{' '}
              {t('common.sample', { n: num(totals.mentions) })}
            </p>
            {alerts.map((a) => (
              // At most one live alert (no incident id); every other is an incident, keyed by its id.
              <Notice key={a.incidentId ?? 'live'} kind="warn" title={known(`severity.${a.severity}`, a.severity)}>
                {a.title}
              </Notice>
            ))}
          </ChartCard>
        );
      }}
    </Loaded>
  );
}
