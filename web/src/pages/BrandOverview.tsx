/** One brand: last scan, "run a probe now", and every intelligence section for the chosen period. */
import { useEffect, useState } from 'react';
import { endpoints } from '../api/endpoints.js';
import { usePlatformNames } from '../api/platforms.js';
import { ErrorNotice, Notice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { Link, navigate, useLocation } from '../router.js';
import { AidaSection } from '../overview/AidaSection.js';
import { AuthoritySection } from '../overview/AuthoritySection.js';
import { CandidatesSection } from '../overview/CandidatesSection.js';
import { CitationsSection } from '../overview/CitationsSection.js';
import { HeadlineRow } from '../overview/HeadlineRow.js';
import { IncidentsSection } from '../overview/IncidentsSection.js';
import { PlatformSection } from '../overview/PlatformSection.js';
import { ProbeRunner } from '../overview/ProbeRunner.js';
import { PromptsSection } from '../overview/PromptsSection.js';
import { SentimentSection } from '../overview/SentimentSection.js';
import { ThrottleNotice } from '../overview/ThrottleNotice.js';
import { VisibilitySection } from '../overview/VisibilitySection.js';

const PERIODS = [7, 30, 90];

export function BrandOverview({ brandId }: { brandId: string }) {
  const { t, dateTime, num } = useI18n();
  const platforms = usePlatformNames();
  // The period lives in the address (?days=90) so a view can be bookmarked and shared.
  const { search } = useLocation();
  const fromUrl = Number(search.get('days'));
  const [days, setDaysState] = useState(PERIODS.includes(fromUrl) ? fromUrl : 30);
  const setDays = (n: number) => {
    setDaysState(n);
    navigate(`${location.pathname}?days=${n}`, { replace: true, keepScroll: true });
  };
  // Bumped when a probe finishes: every section reloads with the new answers.
  const [version, setVersion] = useState(0);
  const [load] = useApi((signal) => endpoints.brand(brandId, signal), [brandId, version]);
  // Fetch the (lazy) chart module alongside the data instead of after it: same chunk, no waterfall.
  useEffect(() => void import('../charts/Chart.js'), []);

  if (load.state === 'loading') return <div className="page"><p className="muted">{t('common.loading')}</p></div>;
  // No brand-detail route on this server yet: the sections (their own endpoints) still work by id.
  const detailRouteMissing = load.state === 'missing' && load.noRoute;
  if (load.state === 'missing' && !detailRouteMissing) return <div className="page"><Notice kind="warn">{t('common.notFound')}</Notice></div>;
  if (load.state === 'error' && !detailRouteMissing) return <div className="page"><ErrorNotice error={load.error} /></div>;
  const { brand, lastScan } = load.state === 'ready' ? load.data : { brand: { id: brandId, name: brandId }, lastScan: null };
  const key = `${days}/${version}`;

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('overview.title', { brand: brand.name })}</h1>
        <nav className="page-actions" aria-label={brand.name}>
          <Link href={`/brands/${encodeURIComponent(brand.id)}/settings`}>{t('overview.settings')}</Link>
          <Link href={`/brands/${encodeURIComponent(brand.id)}/webhooks`}>{t('overview.webhooks')}</Link>
          <Link href="/plan">{t('nav.plan')}</Link>
        </nav>
      </div>
      <p className="muted" data-testid="last-scan">
        {detailRouteMissing ? null : lastScan
          ? t('overview.lastScan', { when: dateTime(lastScan.completedAt), n: num(lastScan.sampleSize) })
          : t('overview.noScan')}
      </p>
      {platforms.simulated && (
        <p className="notice notice-warn small" data-testid="simulated-notice">
          <span className="badge">{t('tools.simulatedBadge')}</span> {t('overview.simulated')}
        </p>
      )}
      <ThrottleNotice />
      <div className="toolbar">
        <ProbeRunner brandId={brand.id} onFinished={() => setVersion((v) => v + 1)} />
        <label className="inline-field">
          {t('overview.days')}{' '}
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PERIODS.map((n) => (
              <option key={n} value={n}>
                {t('overview.daysN', { n })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <HeadlineRow key={`headline-${key}`} brandId={brand.id} days={days} />
      {'competitors' in brand && <CandidatesSection brand={brand} onChanged={() => setVersion((v) => v + 1)} />}
      <div className="grid" key={key}>
        <VisibilitySection brandId={brand.id} days={days} />
        <PlatformSection brandId={brand.id} days={days} />
        <AidaSection brandId={brand.id} days={days} />
        <SentimentSection brandId={brand.id} days={days} />
        <PromptsSection brandId={brand.id} days={days} />
        <CitationsSection brandId={brand.id} days={days} website={'websiteUrl' in brand ? (brand.websiteUrl ?? brand.website) : null} />
        <IncidentsSection brandId={brand.id} />
        <AuthoritySection brandId={brand.id} />
      </div>
    </div>
  );
}
