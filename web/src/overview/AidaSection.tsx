/**
 * Visibility per AIDA stage (awareness → action), one bar per stage with its 95 % interval as a
 * band: stages are separate questions, not a funnel, so a later stage may well be wider.
 */
import { endpoints, type StageRow } from '../api/endpoints.js';
import { ChartCard } from '../components/ChartCard.js';
import { DataTable } from '../components/DataTable.js';
import { useI18n } from '../i18n/I18n.js';
import type { MessageKey } from '../i18n/messages.js';
import { useApi } from '../lib/useApi.js';
import { Loaded, PALETTE, toPct } from './Section.js';

const STAGES = ['awareness', 'interest', 'desire', 'action'];

export function AidaSection({ brandId, days }: { brandId: string; days: number }) {
  const { t, pct, num } = useI18n();
  const [load] = useApi((signal) => endpoints.aida({ brand_id: brandId, days }, signal), [brandId, days]);
  const stageName = (stage: string) => (STAGES.includes(stage) ? t(`stage.${stage}` as MessageKey) : stage);
  return (
    <Loaded id="aida" title={t('overview.aida')} load={load}>
      {({ rows }) => {
        const option = rows.some((r) => r.answers > 0)
          ? {
              color: PALETTE,
              tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null ? '—' : `${v}%`) },
              grid: { left: 40, right: 16, top: 16, bottom: 28 },
              xAxis: { type: 'category', data: rows.map((r) => stageName(r.stage)) },
              yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
              series: [
                {
                  name: t('col.visibility'),
                  type: 'bar',
                  barMaxWidth: 48,
                  label: { show: true, position: 'top', formatter: (p: { value: number | null; dataIndex: number }) => (p.value === null ? '' : `${p.value}% · n ${rows[p.dataIndex]!.answers}`) },
                  data: rows.map((r) => (r.answers > 0 ? toPct(r.visibility) : null)),
                },
                {
                  name: '95% CI',
                  type: 'line',
                  data: rows.map((r) => (r.answers > 0 ? toPct(r.visibilityCiHigh) : null)),
                  lineStyle: { type: 'dashed', opacity: 0.6 },
                  symbol: 'emptyCircle',
                },
                {
                  name: t('col.ciLow'),
                  type: 'line',
                  data: rows.map((r) => (r.answers > 0 ? toPct(r.visibilityCiLow) : null)),
                  lineStyle: { type: 'dashed', opacity: 0.6 },
                  symbol: 'emptyCircle',
                },
              ],
            }
          : null;
        return (
          <ChartCard
            id="aida"
            title={t('overview.aida')}
            option={option}
            height={220}
            header={['stage', 'answers', 'mentions', 'visibility', 'ci_low', 'ci_high']}
            rows={rows.map((r) => [r.stage, r.answers, r.mentions, r.visibility, r.visibilityCiLow, r.visibilityCiHigh])}
            table={
              <DataTable<StageRow>
                caption={t('overview.aida')}
                rows={rows}
                rowKey={(r) => r.stage}
                columns={[
                  { label: t('col.stage'), cell: (r) => stageName(r.stage) },
                  { label: t('col.visibility'), cell: (r) => pct(r.visibility), numeric: true },
                  { label: '95% CI', cell: (r) => `${pct(r.visibilityCiLow)}–${pct(r.visibilityCiHigh)}`, numeric: true },
                  { label: t('col.sample'), cell: (r) => num(r.answers), numeric: true },
                ]}
              />
            }
          />
        );
      }}
    </Loaded>
  );
}
