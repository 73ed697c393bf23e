/**
 * The plan page: the account's tier, every quota with what is used and left now (the rate
 * limiter's own counters, so this page and a refusal always agree), what the next tier gives,
 * all tiers side by side, and this month's usage. Changing tier is done by support, said plainly.
 */
import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { endpoints } from '../api/endpoints.js';
import type { Meta, Plan as PlanData, Quota, TierName, TierOffer } from '../api/types.js';
import { DataTable } from '../components/DataTable.js';
import { ErrorNotice, Notice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import type { MessageKey } from '../i18n/messages.js';
import { useApi } from '../lib/useApi.js';

type QuotaId = keyof PlanData['quotas'];
const QUOTAS: { id: QuotaId; offer: keyof Omit<TierOffer, 'tier'> }[] = [
  { id: 'brands', offer: 'brands' },
  { id: 'checksPerDay', offer: 'checksPerDay' },
  { id: 'queriesPerDay', offer: 'queriesPerDay' },
  { id: 'rewritesPerDay', offer: 'rewritesPerDay' },
  { id: 'apiPerMinute', offer: 'apiPerMinute' },
  { id: 'apiPerHour', offer: 'apiPerHour' },
  { id: 'apiPerDay', offer: 'apiPerDay' },
];

export function useTierName() {
  const { t } = useI18n();
  return (tier: TierName) => t(`plan.tier.${tier}` as MessageKey);
}

function QuotaRow({ id, quota }: { id: QuotaId; quota: Quota | null }) {
  const { t, num, dateTime } = useI18n();
  const full = quota !== null && quota.left === 0;
  return (
    <tr data-testid={`quota-${id}`} className={full ? 'quota-full' : undefined}>
      <th scope="row">{t(`plan.quota.${id}` as MessageKey)}</th>
      {quota === null ? (
        <td colSpan={4} className="muted">
          {t('plan.unreadable')}
        </td>
      ) : (
        <>
          <td className="num" data-testid={`quota-${id}-used`}>
            <meter min={0} max={quota.limit} value={quota.used} aria-hidden="true" /> {num(quota.used)} / {num(quota.limit)}
          </td>
          <td className="num" data-testid={`quota-${id}-left`}>
            {full ? <strong className="down">{num(0)}</strong> : num(quota.left)}
          </td>
          <td>{quota.resetsAt ? t('plan.freeAgain', { when: dateTime(quota.resetsAt) }) : id === 'brands' ? t('plan.noReset') : '—'}</td>
        </>
      )}
    </tr>
  );
}

function NextTier({ plan }: { plan: PlanData }) {
  const { t, num } = useI18n();
  const tierName = useTierName();
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    api<Meta>('/api/meta', { public: true }).then((m) => setEmail(m.supportEmail), () => setEmail(null));
  }, []);
  const contact = email ? <a href={`mailto:${email}?subject=${encodeURIComponent(`Sightline plan: ${plan.tier}`)}`}>{email}</a> : null;
  if (!plan.next) {
    return (
      <section className="card" aria-labelledby="next-tier" data-testid="next-tier">
        <h2 id="next-tier">{t('plan.nextTitleNone')}</h2>
        <p>
          {t('plan.enterprise')} {contact}
        </p>
      </section>
    );
  }
  const next = plan.next;
  const gains = QUOTAS.filter((q) => next[q.offer] > plan.current[q.offer]);
  return (
    <section className="card" aria-labelledby="next-tier" data-testid="next-tier">
      <h2 id="next-tier">{t('plan.nextTitle', { tier: tierName(next.tier) })}</h2>
      <p className="muted">{t(`plan.about.${next.tier}` as MessageKey)}</p>
      <ul>
        {gains.map((q) => (
          <li key={q.id}>
            {t(`plan.quota.${q.id}` as MessageKey)}: {num(plan.current[q.offer])} → <strong>{num(next[q.offer])}</strong>
          </li>
        ))}
      </ul>
      {next.brands === plan.current.brands && <p className="muted small">{t('plan.sameBrands', { n: next.brands })}</p>}
      <p>
        {t('plan.howToUpgrade')} {contact}
      </p>
    </section>
  );
}

export function Plan() {
  const { t, num, usd, day, known } = useI18n();
  const tierName = useTierName();
  const [load] = useApi((signal) => endpoints.plan(signal), []);
  if (load.state === 'loading') return <div className="page"><p className="muted">{t('common.loading')}</p></div>;
  if (load.state === 'missing') return <div className="page"><Notice kind="warn">{t('common.notAvailable')}</Notice></div>;
  if (load.state === 'error') return <div className="page"><ErrorNotice error={load.error} /></div>;
  const plan = load.data;
  return (
    <div className="page">
      <h1>{t('plan.title')}</h1>
      <section className="card" aria-labelledby="plan-current">
        <h2 id="plan-current">
          <span data-testid="plan-tier">{tierName(plan.tier)}</span>
          {plan.custom && <span className="badge"> {t('plan.custom')}</span>}
        </h2>
        <p className="muted">{t(`plan.about.${plan.tier}` as MessageKey)}</p>
        <div className="table-scroll">
          <table>
            <caption className="sr-only">{t('plan.usedTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('plan.quota')}</th>
                <th scope="col" className="num">{t('plan.used')}</th>
                <th scope="col" className="num">{t('plan.left')}</th>
                <th scope="col">{t('plan.resets')}</th>
              </tr>
            </thead>
            <tbody>
              {QUOTAS.map((q) => (
                <QuotaRow key={q.id} id={q.id} quota={plan.quotas[q.id]} />
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted small">
          {t('plan.fixed', { webhooks: plan.fixed.webhooksPerBrand, anonymous: plan.fixed.anonymousChecksPerDay, perMinute: plan.fixed.legacyKeyPerMinute.dashboard })}
        </p>
      </section>
      <NextTier plan={plan} />
      <section className="card" aria-labelledby="all-tiers">
        <h2 id="all-tiers">{t('plan.allTiers')}</h2>
        <div className="table-scroll">
          <DataTable<TierOffer>
            caption={t('plan.allTiers')}
            rows={plan.tiers}
            rowKey={(o) => o.tier}
            columns={[
              { label: t('plan.tier'), cell: (o) => (o.tier === plan.tier ? <strong>{tierName(o.tier)} ✓</strong> : tierName(o.tier)) },
              ...QUOTAS.map((q) => ({ label: t(`plan.quota.${q.id}` as MessageKey), cell: (o: TierOffer) => (o.tier === 'enterprise' ? t('plan.customValue') : num(o[q.offer])), numeric: true })),
            ]}
          />
        </div>
      </section>
      <section className="card" aria-labelledby="month-usage">
        <h2 id="month-usage">{t('plan.month', { from: day(plan.month.periodStart), to: day(new Date(Date.parse(plan.month.periodEnd) - 1).toISOString()) })}</h2>
        {plan.month.items.length === 0 ? (
          <p className="muted">{t('plan.monthEmpty')}</p>
        ) : (
          <DataTable
            caption={t('plan.monthTitle')}
            rows={plan.month.items}
            rowKey={(i) => i.kind}
            columns={[
              { label: t('plan.usageKind'), cell: (i) => known(`usage.${i.kind}`, i.kind) },
              { label: t('plan.quantity'), cell: (i) => num(i.quantity), numeric: true },
              { label: t('plan.cost'), cell: (i) => usd(i.costUsd), numeric: true },
            ]}
          />
        )}
        <p>{t('plan.monthTotal', { total: usd(plan.month.totalCostUsd) })}</p>
      </section>
    </div>
  );
}
