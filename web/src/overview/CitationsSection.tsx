/** Citations: the most cited domains (counted from the window's citations) and the newest URLs. */
import { endpoints } from '../api/endpoints.js';
import type { Citation } from '../api/types.js';
import { CsvButton } from '../components/CsvButton.js';
import { DataTable } from '../components/DataTable.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { Loaded } from './Section.js';

export function topDomains(citations: Citation[], limit = 10): { domain: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const c of citations) counts.set(c.sourceDomain, (counts.get(c.sourceDomain) ?? 0) + 1);
  return [...counts].map(([domain, count]) => ({ domain, count })).sort((a, b) => b.count - a.count || a.domain.localeCompare(b.domain)).slice(0, limit);
}

export function CitationsSection({ brandId, days }: { brandId: string; days: number }) {
  const { t, num, dateTime } = useI18n();
  const [load] = useApi((signal) => endpoints.citations(brandId, days, signal), [brandId, days]);
  return (
    <Loaded id="citations" title={t('overview.citations')} load={load}>
      {({ citations }) => {
        const domains = topDomains(citations);
        return (
          <section className="card" aria-labelledby="citations-title" data-section="citations">
            <div className="card-head">
              <h2 id="citations-title">{t('overview.citations')}</h2>
              <CsvButton
                filename="citations.csv"
                header={['platform', 'url', 'domain', 'discovered_at']}
                rows={citations.map((c) => [c.platform, c.sourceUrl, c.sourceDomain, c.discoveredAt])}
              />
            </div>
            <h3>{t('overview.topDomains')}</h3>
            <DataTable
              caption={t('overview.topDomains')}
              rows={domains}
              rowKey={(r) => r.domain}
              columns={[
                { label: t('col.domain'), cell: (r) => r.domain },
                { label: t('col.count'), cell: (r) => num(r.count), numeric: true },
              ]}
            />
            <h3>{t('overview.newestUrls')}</h3>
            <DataTable<Citation>
              caption={t('overview.newestUrls')}
              rows={citations.slice(0, 10)}
              rowKey={(c) => c.id}
              columns={[
                {
                  label: t('col.url'),
                  cell: (c) => (
                    <a href={c.sourceUrl} rel="noopener noreferrer nofollow" target="_blank" className="url">
                      {c.sourceUrl}
                    </a>
                  ),
                },
                { label: t('col.discovered'), cell: (c) => dateTime(c.discoveredAt) },
              ]}
            />
          </section>
        );
      }}
    </Loaded>
  );
}
