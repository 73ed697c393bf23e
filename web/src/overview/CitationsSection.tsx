/**
 * Citations: the most cited domains (counted from the window's citations) and the newest URLs,
 * with the brand's own site marked and counted apart (how often answers cite the brand itself).
 */
import { endpoints } from '../api/endpoints.js';
import type { Citation } from '../api/types.js';
import { Card } from '../components/Card.js';
import { DataTable } from '../components/DataTable.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { Loaded } from './Section.js';

export function topDomains(citations: Citation[], limit = 10): { domain: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const c of citations) counts.set(c.sourceDomain, (counts.get(c.sourceDomain) ?? 0) + 1);
  return [...counts].map(([domain, count]) => ({ domain, count })).sort((a, b) => b.count - a.count || a.domain.localeCompare(b.domain)).slice(0, limit);
}

/** The host of the brand's website without "www.", or null without one. */
export function ownHost(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    return new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The domain is the brand's site or one of its subdomains. */
export const isOwnDomain = (domain: string, host: string | null) => host !== null && (domain.toLowerCase().replace(/^www\./, '') === host || domain.toLowerCase().endsWith(`.${host}`));

export function CitationsSection({ brandId, days, website }: { brandId: string; days: number; website?: string | null | undefined }) {
  const { t, num, dateTime, pct } = useI18n();
  const host = ownHost(website);
  const [load] = useApi((signal) => endpoints.citations(brandId, days, signal), [brandId, days]);
  return (
    <Loaded id="citations" title={t('overview.citations')} load={load}>
      {({ citations }) => {
        const domains = topDomains(citations);
        const own = citations.filter((c) => isOwnDomain(c.sourceDomain, host));
        const ownBadge = <span className="badge own">{t('citations.ownSite')}</span>;
        return (
          <Card
            id="citations"
            title={t('overview.citations')}
            csv={{
              header: ['platform', 'url', 'domain', 'discovered_at'],
              rows: citations.map((c) => [c.platform, c.sourceUrl, c.sourceDomain, c.discoveredAt]),
            }}
          >
            <p className={host ? 'stat-line' : 'hint'} data-testid="own-site-citations">
              {host
                ? t('citations.ownShare', { host, n: num(own.length), total: num(citations.length), share: pct(citations.length ? own.length / citations.length : null) })
                : t('citations.noWebsite')}
            </p>
            <h3>{t('overview.topDomains')}</h3>
            <DataTable
              caption={t('overview.topDomains')}
              rows={domains}
              rowKey={(r) => r.domain}
              columns={[
                { label: t('col.domain'), cell: (r) => (isOwnDomain(r.domain, host) ? <span className="own-site">{r.domain} {ownBadge}</span> : r.domain) },
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
                    <>
                      <a href={c.sourceUrl} rel="noopener noreferrer nofollow" target="_blank" className="url">
                        {c.sourceUrl}
                      </a>
                      {isOwnDomain(c.sourceDomain, host) && <> {ownBadge}</>}
                    </>
                  ),
                },
                { label: t('col.discovered'), cell: (c) => dateTime(c.discoveredAt) },
              ]}
            />
          </Card>
        );
      }}
    </Loaded>
  );
}
