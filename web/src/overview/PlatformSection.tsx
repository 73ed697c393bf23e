/** Per-platform mention rate of the brand (bars) and of its competitors (table and CSV). */
import { endpoints, type PlatformRow } from '../api/endpoints.js';
import { ChartCard } from '../components/ChartCard.js';
import { DataTable } from '../components/DataTable.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { Loaded, PALETTE, toPct } from './Section.js';

export function PlatformSection({ brandId, days }: { brandId: string; days: number }) {
  const { t, pct, num } = useI18n();
  const [load] = useApi((signal) => endpoints.competitors({ brand_id: brandId, days }, signal), [brandId, days]);
  return (
    <Loaded id="platforms" title={t('overview.platforms')} load={load}>
      {({ rows }) => {
        const own = rows.filter((r) => r.isBrand);
        const answered = own.filter((r) => r.answers > 0);
        const option = answered.length
          ? {
              color: PALETTE,
              tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null ? '—' : `${v}%`) },
              grid: { left: 40, right: 16, top: 16, bottom: 48 },
              xAxis: { type: 'category', data: answered.map((r) => r.platformName), axisLabel: { interval: 0, rotate: 30 } },
              yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
              series: [{ name: t('col.visibility'), type: 'bar', data: answered.map((r) => toPct(r.mentionRate)), barMaxWidth: 36 }],
            }
          : null;
        const withAnswers = rows.filter((r) => r.answers > 0);
        return (
          <ChartCard
            id="platforms"
            title={t('overview.platforms')}
            option={option}
            header={['platform', 'name', 'is_brand', 'answers', 'mentions', 'mention_rate', 'ci_low', 'ci_high', 'share_of_voice', 'avg_rank']}
            rows={withAnswers.map((r) => [r.platform, r.name, r.isBrand, r.answers, r.mentions, r.mentionRate, r.mentionRateCiLow, r.mentionRateCiHigh, r.shareOfVoice, r.avgRank])}
            table={
              <DataTable<PlatformRow>
                caption={t('overview.platforms')}
                rows={withAnswers}
                rowKey={(r) => `${r.platform}/${r.name}`}
                columns={[
                  { label: t('col.platform'), cell: (r) => r.platformName },
                  { label: t('brands.name'), cell: (r) => (r.isBrand ? <strong>{r.name}</strong> : r.name) },
                  { label: t('col.visibility'), cell: (r) => pct(r.mentionRate), numeric: true },
                  { label: '95% CI', cell: (r) => `${pct(r.mentionRateCiLow)}–${pct(r.mentionRateCiHigh)}`, numeric: true },
                  { label: t('col.rank'), cell: (r) => num(r.avgRank, 1), numeric: true },
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
