/**
 * The brand against each competitor, per platform, on unbranded prompts (the headline's
 * definition): share of voice as one 100 % bar per platform split between the brand and each
 * competitor, and average rank as dots (1 = named first; lower is better). The table adds the
 * mention rate with its interval and n; the CSV has every column.
 */
import { endpoints } from '../api/endpoints.js';
import type { PlatformRow } from '../api/types.js';
import { ChartCard } from '../components/ChartCard.js';
import { DataTable } from '../components/DataTable.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { Loaded, PALETTE, toPct } from './Section.js';

export function PlatformSection({ brandId, days }: { brandId: string; days: number }) {
  const { t, pct, num } = useI18n();
  const [load] = useApi((signal) => endpoints.competitors({ brand_id: brandId, days, prompts: 'unbranded' }, signal), [brandId, days]);
  return (
    <Loaded id="platforms" title={t('overview.platforms')} load={load}>
      {({ rows }) => {
        const withAnswers = rows.filter((r) => r.answers > 0);
        const platforms = [...new Map(withAnswers.map((r) => [r.platform, r.platformName])).entries()];
        // The brand first (and always the first colour), then competitors in the API's order.
        const names = [...new Set([...withAnswers.filter((r) => r.isBrand), ...withAnswers.filter((r) => !r.isBrand)].map((r) => r.name))];
        const cell = (platform: string, name: string) => withAnswers.find((r) => r.platform === platform && r.name === name);
        const hasCompetitors = names.length > 1;
        const axis = { type: 'category', data: platforms.map(([, label]) => label), axisLabel: { interval: 0, rotate: 30 } };
        const legend = { top: 0, type: 'scroll' };
        const voice = platforms.length
          ? {
              color: PALETTE,
              legend,
              tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null ? '—' : `${v}%`) },
              grid: { left: 40, right: 16, top: 36, bottom: 56 },
              xAxis: axis,
              yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
              series: names.map((name) => ({
                name,
                type: 'bar',
                stack: hasCompetitors ? 'voice' : undefined,
                barMaxWidth: 36,
                data: platforms.map(([p]) => toPct((hasCompetitors ? cell(p, name)?.shareOfVoice : cell(p, name)?.mentionRate) ?? null)),
              })),
            }
          : null;
        const ranked = withAnswers.some((r) => r.avgRank !== null);
        const rank = ranked
          ? {
              color: PALETTE,
              legend,
              tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null ? '—' : num(v, 1)) },
              grid: { left: 40, right: 16, top: 36, bottom: 56 },
              xAxis: axis,
              // 1 (named first) at the top: higher on the chart is better, as everywhere else.
              yAxis: { type: 'value', inverse: true, min: 1, minInterval: 1 },
              series: names.map((name) => ({
                name,
                type: 'line',
                lineStyle: { opacity: 0 },
                symbol: 'circle',
                symbolSize: 10,
                connectNulls: false,
                data: platforms.map(([p]) => cell(p, name)?.avgRank ?? null),
              })),
            }
          : null;
        return (
          <ChartCard
            id="platforms"
            title={t('overview.platforms')}
            help={hasCompetitors ? t('overview.platformsHelp') : t('overview.platformsHelpAlone')}
            option={voice}
            more={[{ key: 'rank', title: t('overview.rankTitle'), help: t('overview.rankHelp'), option: rank, height: 240 }]}
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
                  { label: t('col.ci'), cell: (r) => `${pct(r.mentionRateCiLow)}–${pct(r.mentionRateCiHigh)}`, numeric: true },
                  { label: t('col.shareOfVoice'), cell: (r) => pct(r.shareOfVoice), numeric: true },
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
