/**
 * Daily visibility on unbranded prompts (the headline's definition) with its 95 % Wilson band
 * (stacked band: lower edge + band width) and a marker on each day a run finished (where the new
 * answers came from). Before 7 days with answers there is no trend to draw: the card says how
 * many more days, and lists the days so far.
 */
import { endpoints } from '../api/endpoints.js';
import type { TimeseriesRow } from '../api/types.js';
import { ChartCard } from '../components/ChartCard.js';
import { DataTable } from '../components/DataTable.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { chartText, Loaded, PALETTE, toPct } from './Section.js';

export function VisibilitySection({ brandId, days }: { brandId: string; days: number }) {
  const { t, pct, day, num } = useI18n();
  const [load] = useApi((signal) => endpoints.timeseries({ brand_id: brandId, days, prompts: 'unbranded' }, signal), [brandId, days]);
  return (
    <Loaded id="visibility" title={t('overview.visibility')} load={load}>
      {({ rows }) => {
        const answeredDays = rows.filter((r) => r.answers > 0).length;
        const moreDays = Math.max(0, 7 - answeredDays);
        const hasData = answeredDays > 0 && moreDays === 0;
        // A day without answers has no estimate: no point and no band (the API's [0, 1] is "unknown").
        const low = rows.map((r) => (r.answers > 0 ? toPct(r.visibilityCiLow) : null));
        const runsName = t('overview.runs');
        const tooltip = (params: { dataIndex: number }[]) => {
          const r = rows[params[0]?.dataIndex ?? -1];
          if (!r) return '';
          const lines = [day(r.day)];
          lines.push(r.answers > 0 ? `${t('col.visibility')}: ${pct(r.visibility)} (${pct(r.visibilityCiLow)}–${pct(r.visibilityCiHigh)}, n ${num(r.answers)})` : t('overview.noAnswersDay'));
          if ((r.runs ?? 0) > 0) lines.push(t('overview.runsOnDay', { n: r.runs ?? 0 }));
          return lines.join('<br/>');
        };
        const option = hasData
          ? {
              color: PALETTE,
              legend: { top: 0, data: [t('col.visibility'), runsName] },
              tooltip: { trigger: 'axis', formatter: tooltip },
              grid: { left: 40, right: 16, top: 32, bottom: 28 },
              xAxis: { type: 'category', data: rows.map((r) => day(r.day)), boundaryGap: false },
              yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
              series: [
                { name: t('col.ciLow'), type: 'line', data: low, stack: 'ci', lineStyle: { opacity: 0 }, symbol: 'none', tooltip: { show: false } },
                {
                  name: t('col.ci'),
                  type: 'line',
                  data: rows.map((r, i) => (r.visibilityCiHigh === null || low[i] === null ? null : Math.round((toPct(r.visibilityCiHigh)! - low[i]!) * 10) / 10)),
                  stack: 'ci',
                  lineStyle: { opacity: 0 },
                  symbol: 'none',
                  areaStyle: { color: 'rgba(31,95,191,0.18)' },
                  tooltip: { show: false },
                },
                { name: t('col.visibility'), type: 'line', data: rows.map((r) => toPct(r.visibility)), symbolSize: 4, connectNulls: false, color: PALETTE[0] },
                // Run markers: a small triangle on the axis for each day a run finished.
                { name: runsName, type: 'line', data: rows.map((r) => ((r.runs ?? 0) > 0 ? 0 : null)), symbol: 'triangle', symbolSize: 7, showAllSymbol: true, lineStyle: { opacity: 0 }, color: '#6b7280', z: 4 },
              ],
            }
          : null;
        return (
          <ChartCard
            {...chartText(t, 'visibility')}
            option={option}
            {...(answeredDays > 0 && moreDays > 0 ? { children: <p className="muted" data-testid="trend-pending">{t('overview.trendPending', { n: moreDays })} {rows.filter((r) => r.answers > 0).map((r) => `${day(r.day)} ${pct(r.visibility)} (n ${num(r.answers)})`).join(' · ')}</p> } : {})}
            header={['day', 'answers', 'mentions', 'visibility', 'ci_low', 'ci_high', 'runs']}
            rows={rows.map((r) => [r.day, r.answers, r.mentions, r.visibility, r.visibilityCiLow, r.visibilityCiHigh, r.runs ?? 0])}
            table={
              <DataTable<TimeseriesRow>
                caption={t('overview.visibility')}
                rows={rows.filter((r) => r.answers > 0)}
                rowKey={(r) => r.day}
                columns={[
                  { label: t('col.date'), cell: (r) => day(r.day) },
                  { label: t('col.visibility'), cell: (r) => pct(r.visibility), numeric: true },
                  { label: t('col.ci'), cell: (r) => `${pct(r.visibilityCiLow)}–${pct(r.visibilityCiHigh)}`, numeric: true },
                  { label: t('col.sample'), cell: (r) => num(r.answers), numeric: true },
                  { label: t('overview.runs'), cell: (r) => num(r.runs ?? 0), numeric: true },
                ]}
              />
            }
          />
        );
      }}
    </Loaded>
  );
}
