/**
 * Brands: the account's list and the create form (name, category, website, aliases with the short
 * forms answers use, competitors), with the plan's brand quota shown before the form is filled in.
 */
import { useState } from 'react';
import { ApiError } from '../api/client.js';
import { endpoints } from '../api/endpoints.js';
import type { Brand, Plan } from '../api/types.js';
import { AliasSuggestions, useAliasSuggestions, withAlias } from '../components/AliasSuggest.js';
import { DataTable } from '../components/DataTable.js';
import { ErrorNotice, Field, LoadStatus, Notice, splitList } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { useSubmit } from '../lib/useSubmit.js';
import { Link, navigate } from '../router.js';
import { useTierName } from './Plan.js';

/** The brand quota, said before the form is filled in rather than discovered on submit. */
function BrandQuota({ plan }: { plan: Plan }) {
  const { t } = useI18n();
  const tierName = useTierName();
  const quota = plan.quotas.brands;
  if (!quota) return null;
  const tier = tierName(plan.tier);
  if (quota.left > 0) return <p className="muted small" data-testid="brand-quota">{t('brands.quotaNote', { used: quota.used, limit: quota.limit, tier })}</p>;
  return (
    <Notice kind="warn">
      <span data-testid="brand-quota-full">{t('brands.quotaFull', { tier, limit: quota.limit })}</span> <Link href="/plan">{t('brands.seePlan')}</Link>
    </Notice>
  );
}

function CreateBrand({ onCreated, plan }: { onCreated: (brand: Brand) => void; plan: Plan | null }) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [aliases, setAliases] = useState('');
  const suggested = useAliasSuggestions(name);
  const full = plan?.quotas.brands?.left === 0;
  const { submit, busy, error } = useSubmit(async (form) => {
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const { brand } = await endpoints.createBrand({
      name: text('name'),
      category: text('category'),
      website: text('website') || null,
      aliases: splitList(text('aliases')),
      competitors: splitList(text('competitors')),
    });
    onCreated(brand);
  });
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="create-brand">
      <h2 id="create-brand">{t('brands.create')}</h2>
      {plan && <BrandQuota plan={plan} />}
      <fieldset className="bare" disabled={full}>
      <div className="grid-2">
        <Field label={t('brands.name')} name="name" required maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Field label={t('brands.category')} name="category" required maxLength={100} hint={t('check.industryHint')} />
        <Field label={`${t('brands.website')} ${t('common.optional')}`} name="website" type="text" inputMode="url" placeholder="https://" maxLength={2048} />
        <div>
          <Field label={`${t('brands.aliases')} ${t('common.optional')}`} name="aliases" hint={t('check.aliasesHint')} value={aliases} onChange={(e) => setAliases(e.currentTarget.value)} />
          <AliasSuggestions suggested={suggested} aliases={aliases} onAdd={(alias) => setAliases((current) => withAlias(current, alias))} />
        </div>
        <Field label={`${t('brands.competitors')} ${t('common.optional')}`} name="competitors" hint={t('common.commaSeparated')} />
      </div>
      {error instanceof ApiError && error.status === 402 ? <Notice kind="warn">{t('brands.quota')}</Notice> : error ? <ErrorNotice error={error} /> : null}
      <button type="submit" disabled={busy || full}>
        {t('common.create')}
      </button>
      </fieldset>
    </form>
  );
}

export function Brands() {
  const { t, dateTime } = useI18n();
  const [load] = useApi((signal) => endpoints.brands(signal), []);
  const [plan] = useApi((signal) => endpoints.plan(signal), []);
  return (
    <div className="page">
      <h1>{t('brands.title')}</h1>
      <LoadStatus load={load} missing={t('brands.missingApi')}>
        {(data) =>
          data.brands.length === 0 ? (
            <Notice>{t('brands.empty')}</Notice>
          ) : (
            <DataTable<Brand>
              caption={t('brands.title')}
              rows={data.brands}
              rowKey={(b) => b.id}
              columns={[
                { label: t('brands.name'), cell: (b) => <Link href={`/brands/${encodeURIComponent(b.id)}`}>{b.name}</Link> },
                { label: t('brands.category'), cell: (b) => b.category },
                { label: t('brands.website'), cell: (b) => b.website ?? '—' },
                { label: t('brands.competitors'), cell: (b) => (b.competitors ?? []).map((c) => c.name).join(', ') || '—' },
                { label: t('brands.created'), cell: (b) => dateTime(b.createdAt) },
              ]}
            />
          )
        }
      </LoadStatus>
      {load.state !== 'missing' && <CreateBrand plan={plan.state === 'ready' ? plan.data : null} onCreated={(brand) => navigate(`/brands/${encodeURIComponent(brand.id)}`)} />}
    </div>
  );
}
