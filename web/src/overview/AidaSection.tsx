/**
 * Visibility per AIDA stage (awareness, interest, desire, action) on unbranded prompts: one bar
 * per stage with its 95 % interval as an error bar and its n. Each stage is its own set of
 * questions, not a share of the stage before: no funnel shape, no line joining the stages, and a
 * later stage may well be higher than an earlier one.
 */
import { endpoints } from '../api/endpoints.js';
import type { StageRow } from '../api/types.js';
import { ChartCard } from '../components/ChartCard.js';
import { DataTable } from '../components/DataTable.js';
import { useI18n } from '../i18n/I18n.js';
import type { MessageKey } from '../i18n/messages.js';
import { useApi } from '../lib/useApi.js';
import { chartText, Loaded, PALETTE, toPct } from './Section.js';

const STAGES = ['awareness', 'interest', 'desire', 'action'];

/** ECharts custom-series API, only the parts the error bar uses. */
interface RenderApi {
  value(dimension: number): number;
  coord(point: [number, number]): [number, number];
  size(value: [number, number]): [number, number];
}

/** A vertical whisker from ciLow to ciHigh with caps, centred on the stage's bar. */
function errorBar(_params: unknown, api: RenderApi) {
  const x = api.value(0);
  const low = api.coord([x, api.value(1)]);
  const high = api.coord([x, api.value(2)]);
  const cap = Math.max(4, api.size([1, 0])[0] * 0.08);
  const style = { stroke: '#1a1f2b', lineWidth: 1.5 };
  return {
    type: 'group',
    children: [
      { type: 'line', shape: { x1: low[0], y1: low[1], x2: high[0], y2: high[1] }, style },
      { type: 'line', shape: { x1: low[0] - cap, y1: low[1], x2: low[0] + cap, y2: low[1] }, style },
      { type: 'line', shape: { x1: high[0] - cap, y1: high[1], x2: high[0] + cap, y2: high[1] }, style },
    ],
  };
}

export function AidaSection({ brandId, days }: { brandId: string; days: number }) {
  const { t, pct, num } = useI18n();
  const [load] = useApi((signal) => endpoints.aida({ brand_id: brandId, days, prompts: 'unbranded' }, signal), [brandId, days]);
  const stageName = (stage: string) => (STAGES.includes(stage) ? t(`stage.${stage}` as MessageKey) : stage);
  return (
    <Loaded id="aida" title={t('overview.aida')} load={load}>
      {({ rows }) => {
        const option = rows.some((r) => r.answers > 0)
          ? {
              color: PALETTE,
              tooltip: {
                trigger: 'item',
                formatter: (p: { dataIndex: number }) => {
                  const r = rows[p.dataIndex]!;
                  return r.answers > 0 ? `${stageName(r.stage)}: ${pct(r.visibility)} (${pct(r.visibilityCiLow)}–${pct(r.visibilityCiHigh)}, n ${num(r.answers)})` : `${stageName(r.stage)}: ${t('overview.noStageAnswers')}`;
                },
              },
              grid: { left: 40, right: 16, top: 24, bottom: 44 },
              // Each stage's sample under its name: a tall bar on n 8 is not a tall bar on n 800.
              xAxis: { type: 'category', data: rows.map((r) => `${stageName(r.stage)}\nn ${num(r.answers)}`) },
              yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
              series: [
                {
                  name: t('col.visibility'),
                  type: 'bar',
                  barMaxWidth: 48,
                  data: rows.map((r) => (r.answers > 0 ? toPct(r.visibility) : null)),
                },
                {
                  name: t('col.ci'),
                  type: 'custom',
                  renderItem: errorBar,
                  encode: { x: 0, y: [1, 2] },
                  z: 3,
                  silent: true,
                  tooltip: { show: false },
                  data: rows.flatMap((r, i) => (r.answers > 0 ? [[i, toPct(r.visibilityCiLow), toPct(r.visibilityCiHigh)]] : [])),
                },
              ],
            }
          : null;
        return (
          <ChartCard
            {...chartText(t, 'aida')}
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
                  { label: t('col.ci'), cell: (r) => (r.answers > 0 ? `${pct(r.visibilityCiLow)}–${pct(r.visibilityCiHigh)}` : '—'), numeric: true },
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
