/** The AIDA funnel: mention rate per stage (awareness → action), with sample sizes. */
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
              tooltip: { trigger: 'item', formatter: '{b}: {c}%' },
              series: [
                {
                  type: 'funnel',
                  sort: 'none',
                  left: '10%',
                  width: '80%',
                  top: 8,
                  bottom: 8,
                  min: 0,
                  max: 100,
                  label: { show: true, position: 'inside', formatter: '{b} {c}%', color: '#fff' },
                  data: rows.map((r) => ({ name: stageName(r.stage), value: toPct(r.visibility) ?? 0 })),
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
