/**
 * A brand's settings: edit every field (competitors one per line, "Name: alias, alias"), delete
 * the brand (typing its name to confirm), and the prompt manager — the brand's questions with
 * their branded / stage / intent tags, enable or disable each, add one, import a CSV.
 */
import { useState, type FormEvent } from 'react';
import { endpoints } from '../api/endpoints.js';
import type { Brand, BrandPrompt, BrandUpdate } from '../api/types.js';
import { DataTable } from '../components/DataTable.js';
import { ErrorNotice, Field, Notice, splitList } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import type { MessageKey } from '../i18n/messages.js';
import { useApi } from '../lib/useApi.js';
import { Link, navigate } from '../router.js';

const competitorsText = (brand: Brand) => (brand.competitors ?? []).map((c) => (c.aliases.length > 0 ? `${c.name}: ${c.aliases.join(', ')}` : c.name)).join('\n');
const parseCompetitors = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [name, rest] = line.split(/[:：]/, 2) as [string, string | undefined];
      return { name: name.trim(), aliases: splitList(rest ?? '') };
    });

function EditBrand({ brand, onSaved }: { brand: Brand; onSaved: (b: Brand) => void }) {
  const { t } = useI18n();
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string[] | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setError(null);
    try {
      const result = await endpoints.updateBrand(brand.id, {
        name: text('name'),
        category: text('category'),
        website: text('website') || null,
        aliases: splitList(text('aliases')),
        competitors: parseCompetitors(String(form.get('competitors') ?? '')),
        officialAccounts: splitList(text('officialAccounts')),
        locale: (text('locale') || null) as BrandUpdate['locale'], // the <select>'s values
      });
      setSaved(result.aliasSuggestions.brand);
      onSaved(result.brand);
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="edit-brand" data-testid="edit-brand">
      <h2 id="edit-brand">{t('settings.edit')}</h2>
      <div className="grid-2">
        <Field label={t('brands.name')} name="name" required maxLength={100} defaultValue={brand.name} />
        <Field label={t('brands.category')} name="category" required maxLength={100} defaultValue={brand.category} />
        <Field label={`${t('brands.website')} ${t('common.optional')}`} name="website" defaultValue={brand.website ?? ''} maxLength={2048} />
        <Field label={`${t('brands.aliases')} ${t('common.optional')}`} name="aliases" hint={t('common.commaSeparated')} defaultValue={(brand.aliases ?? []).join(', ')} />
        <Field label={`${t('settings.officialAccounts')} ${t('common.optional')}`} name="officialAccounts" hint={t('common.commaSeparated')} defaultValue={(brand.officialAccounts ?? []).join(', ')} />
        <div className="field">
          <label htmlFor="brand-locale">{t('settings.locale')}</label>
          <select id="brand-locale" name="locale" defaultValue={brand.locale ?? ''}>
            <option value="">{t('settings.localeAuto')}</option>
            <option value="zh-CN">中文</option>
            <option value="en">English</option>
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="brand-competitors">{t('brands.competitors')}</label>
        <textarea id="brand-competitors" name="competitors" rows={4} defaultValue={competitorsText(brand)} aria-describedby="brand-competitors-hint" />
        <small id="brand-competitors-hint" className="hint">{t('settings.competitorsHint')}</small>
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      {saved && (
        <Notice>
          <span data-testid="brand-saved">{t('settings.saved')}</span>
          {saved.length > 0 && ` ${t('settings.aliasSuggest', { names: saved.join(', ') })}`}
        </Notice>
      )}
      <button type="submit">{t('common.save')}</button>
    </form>
  );
}

function DeleteBrand({ brand }: { brand: Brand }) {
  const { t } = useI18n();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<unknown>(null);
  const remove = async () => {
    try {
      await endpoints.deleteBrand(brand.id);
      navigate('/brands');
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <section className="card" aria-labelledby="delete-brand">
      <h2 id="delete-brand">{t('settings.delete')}</h2>
      <p className="muted">{t('settings.deleteWarning', { name: brand.name })}</p>
      <Field label={t('settings.deleteConfirm', { name: brand.name })} name="confirm" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
      {error ? <ErrorNotice error={error} /> : null}
      <button type="button" className="danger" disabled={typed.trim() !== brand.name} onClick={remove}>
        {t('settings.deleteButton')}
      </button>
    </section>
  );
}

function PromptManager({ brandId }: { brandId: string }) {
  const { t, known } = useI18n();
  const [version, setVersion] = useState(0);
  const [load] = useApi((signal) => endpoints.brandPrompts(brandId, signal), [brandId, version]);
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState<string | null>(null);
  const act = async (work: () => Promise<unknown>, done?: string) => {
    setError(null);
    try {
      await work();
      if (done) setNote(done);
      setVersion((v) => v + 1);
    } catch (caught) {
      setError(caught);
    }
  };
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get('text') ?? '').trim();
    void act(() => endpoints.addPrompt(brandId, { text }).then(() => form.reset()));
  };
  const importCsv = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const csv = String(new FormData(event.currentTarget).get('csv') ?? '');
    void act(async () => {
      const result = await endpoints.importPrompts(brandId, csv);
      setNote(t('prompts.imported', { added: result.added.length, skipped: result.skipped.length }));
    });
  };
  return (
    <section className="card" aria-labelledby="prompt-manager" data-testid="prompt-manager">
      <h2 id="prompt-manager">{t('prompts.title')}</h2>
      <p className="muted small">{t('prompts.intro')}</p>
      {load.state === 'error' && <ErrorNotice error={load.error} />}
      {error ? <ErrorNotice error={error} /> : null}
      {note && <Notice>{note}</Notice>}
      {load.state === 'ready' && (
        <>
          <p className="muted small" data-testid="prompt-counts">
            {t('prompts.counts', { total: load.data.counts.total, enabled: load.data.counts.enabled, branded: load.data.counts.branded })}
          </p>
          <div className="table-scroll">
            <DataTable<BrandPrompt>
              caption={t('prompts.title')}
              rows={load.data.prompts}
              rowKey={(p) => p.id}
              columns={[
                { label: t('prompts.text'), cell: (p) => p.text },
                { label: t('prompts.tag'), cell: (p) => (p.branded ? `${t('prompts.branded')} (${p.names.join(', ')})` : t('prompts.unbranded')) },
                { label: t('prompts.stage'), cell: (p) => t(`stage.${p.stage}` as MessageKey) },
                { label: t('prompts.intent'), cell: (p) => known(`intent.${p.intent}`, p.intent) },
                { label: t('prompts.locale'), cell: (p) => known(`locale.${p.locale}`, p.locale) },
                {
                  label: t('prompts.enabled'),
                  cell: (p) => (
                    <button type="button" className="small secondary" aria-pressed={p.enabled} onClick={() => void act(() => endpoints.editPrompt(brandId, p.id, { enabled: !p.enabled }))}>
                      {p.enabled ? t('prompts.disable') : t('prompts.enable')}
                    </button>
                  ),
                },
              ]}
            />
          </div>
        </>
      )}
      <form className="form" onSubmit={add}>
        <Field label={t('prompts.add')} name="text" required maxLength={500} hint={t('prompts.addHint')} />
        <button type="submit">{t('common.create')}</button>
      </form>
      <form className="form" onSubmit={importCsv}>
        <div className="field">
          <label htmlFor="prompt-csv">{t('prompts.import')}</label>
          <textarea id="prompt-csv" name="csv" rows={4} placeholder={'text,stage,intent,enabled\n"Best robot vacuum?",awareness,recommendation,true'} />
        </div>
        <button type="submit">{t('prompts.importButton')}</button>
      </form>
    </section>
  );
}

export function BrandSettings({ brandId }: { brandId: string }) {
  const { t } = useI18n();
  // A save answers with the stored brand: shown as is, without reloading the page (and its notes).
  const [saved, setSaved] = useState<Brand | null>(null);
  const [load] = useApi((signal) => endpoints.brand(brandId, signal), [brandId]);
  if (load.state === 'loading') return <div className="page"><p className="muted">{t('common.loading')}</p></div>;
  if (load.state !== 'ready') return <div className="page">{load.state === 'error' ? <ErrorNotice error={load.error} /> : <Notice kind="warn">{t('common.notFound')}</Notice>}</div>;
  const brand = saved ?? load.data.brand;
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('settings.title', { brand: brand.name })}</h1>
        <nav className="page-actions" aria-label={brand.name}>
          <Link href={`/brands/${encodeURIComponent(brand.id)}`}>{t('settings.back')}</Link>
        </nav>
      </div>
      <EditBrand brand={brand} onSaved={setSaved} />
      <PromptManager brandId={brand.id} />
      <DeleteBrand brand={brand} />
    </div>
  );
}
