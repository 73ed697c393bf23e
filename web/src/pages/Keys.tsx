/** API keys: create (legacy or v1, scopes, live/test) — shown once — list and revoke. */
import { useState, type FormEvent } from 'react';
import { endpoints } from '../api/endpoints.js';
import type { ApiKey, CreatedKey, KeyInput } from '../api/types.js';
import { ListTable } from '../components/ListTable.js';
import { ConfirmButton, CopyButton, ErrorNotice, Field, Notice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';

const SCOPES = ['read', 'write', 'admin'] as const;

function CreateKey({ onCreated }: { onCreated: (key: CreatedKey) => void }) {
  const { t } = useI18n();
  const [type, setType] = useState<'legacy' | 'v1'>('v1');
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const name = String(form.get('name') ?? '').trim();
    const scopes = form.getAll('scopes').map(String) as NonNullable<KeyInput['scopes']>; // the checkboxes' values
    setError(null);
    try {
      const created = await endpoints.createKey({
        type,
        ...(name ? { name } : {}),
        ...(type === 'v1' ? { scopes: scopes.length ? scopes : ['read'], mode: form.get('mode') === 'test' ? 'test' : 'live' } : {}),
      });
      element.reset();
      onCreated(created);
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="create-key">
      <h2 id="create-key">{t('keys.create')}</h2>
      <Field label={`${t('keys.name')} ${t('common.optional')}`} name="name" maxLength={64} />
      <fieldset>
        <legend>{t('keys.type')}</legend>
        <label className="choice">
          <input type="radio" name="type" value="v1" checked={type === 'v1'} onChange={() => setType('v1')} /> {t('keys.typeV1')}
        </label>
        <label className="choice">
          <input type="radio" name="type" value="legacy" checked={type === 'legacy'} onChange={() => setType('legacy')} />{' '}
          {t('keys.typeLegacy')}
        </label>
      </fieldset>
      {type === 'v1' && (
        <>
          <fieldset>
            <legend>{t('keys.scopes')}</legend>
            {SCOPES.map((s) => (
              <label key={s} className="choice">
                <input type="checkbox" name="scopes" value={s} defaultChecked={s === 'read'} /> {s}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('keys.mode')}</legend>
            <label className="choice">
              <input type="radio" name="mode" value="live" defaultChecked /> {t('keys.modeLive')}
            </label>
            <label className="choice">
              <input type="radio" name="mode" value="test" /> {t('keys.modeTest')}
            </label>
          </fieldset>
        </>
      )}
      {error ? <ErrorNotice error={error} /> : null}
      <button type="submit">{t('common.create')}</button>
    </form>
  );
}

export function Keys() {
  const { t, dateTime } = useI18n();
  const [load, reload] = useApi((signal) => endpoints.keys(signal), []);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [error, setError] = useState<unknown>(null);
  return (
    <div className="page">
      <h1>{t('keys.title')}</h1>
      <p className="lead">{t('keys.intro')}</p>
      {created && (
        <Notice kind="warn" title={t('keys.shownOnce')}>
          <div className="secret-row">
            <code className="secret" data-testid="new-key">
              {created.key}
            </code>
            <CopyButton text={created.key} />
            <button type="button" className="secondary" onClick={() => setCreated(null)}>
              {t('common.close')}
            </button>
          </div>
        </Notice>
      )}
      {error ? <ErrorNotice error={error} /> : null}
      <ListTable<ApiKey>
        load={load}
        forbidden={t('keys.forbidden')}
        caption={t('keys.title')}
        rowKey={(k) => k.id}
        columns={[
          { label: t('keys.prefix'), cell: (k) => <code>{k.prefix}…</code> },
          { label: t('keys.name'), cell: (k) => k.name ?? '—' },
          {
            label: t('keys.type'),
            cell: (k) => (k.type === 'v1' ? `v1 · ${k.mode === 'test' ? t('keys.modeTest') : t('keys.modeLive')}` : t('keys.typeLegacy')),
          },
          { label: t('keys.scopes'), cell: (k) => k.scopes.join(', ') || '—' },
          { label: t('keys.created'), cell: (k) => dateTime(k.createdAt) },
          { label: t('keys.lastUsed'), cell: (k) => (k.lastUsedAt ? dateTime(k.lastUsedAt) : t('common.never')) },
          {
            label: t('keys.revoke'),
            cell: (k) => (
              <ConfirmButton
                label={t('keys.revoke')}
                question={t('keys.confirmRevoke', { prefix: k.prefix })}
                onConfirm={async () => {
                  try {
                    await endpoints.revokeKey(k.id);
                    reload();
                  } catch (caught) {
                    setError(caught);
                  }
                }}
              />
            ),
          },
        ]}
      />
      <CreateKey
        onCreated={(key) => {
          setCreated(key);
          reload();
        }}
      />
    </div>
  );
}
