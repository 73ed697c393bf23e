/**
 * Webhooks of one brand: create (name ≤ 64, HTTPS address explained inline, events of one set),
 * the secret shown once, the list with status and failures, enable/disable, test, delivery log.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../api/client.js';
import { endpoints } from '../api/endpoints.js';
import { DataTable } from '../components/DataTable.js';
import { ConfirmButton, CopyButton, ErrorNotice, Field, Notice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { Link } from '../router.js';

// The spec's two event sets (docs/webhooks.md); a webhook subscribes to events of one set.
const EVENT_SETS = {
  v1: ['citation.discovered', 'priority.changed', 'sentinel.triggered', 'uplift.measured'],
  legacy: ['wiki.page.created', 'wiki.page.updated', 'lint.issue.detected', 'aeo.batch.completed', 'citation.gap.alert'],
} as const;
type EventSet = keyof typeof EVENT_SETS;

interface Webhook {
  id: string;
  name: string;
  url: string;
  eventSet: EventSet;
  events: string[];
  eventCount: number;
  enabled: boolean;
  consecutiveFailures: number;
  lastError: string | null;
  lastTriggeredAt: string | null;
}
interface Delivery {
  id: string;
  event: string;
  test: boolean;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  attemptLog: { latencyMs: number }[];
}

const webhookApi = {
  list: (brandId: string, signal: AbortSignal) => api<{ data: Webhook[] }>('/api/webhooks', { query: { brandId }, signal }),
  create: (body: { brandId: string; name: string; url: string; events: string[] }) => api<{ webhook: Webhook; secret: string }>('/api/webhooks', { method: 'POST', body }),
  update: (id: string, body: { enabled: boolean }) => api<Webhook>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  remove: (id: string) => api<void>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  test: (id: string) => api<{ eventId: string }>(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST', body: {} }),
  deliveries: (id: string, signal: AbortSignal) => api<{ data: Delivery[] }>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`, { query: { limit: 20 }, signal }),
};

function CreateWebhook({ brandId, onCreated }: { brandId: string; onCreated: (secret: string) => void }) {
  const { t } = useI18n();
  const [set, setSet] = useState<EventSet>('v1');
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    setError(null);
    try {
      const created = await webhookApi.create({
        brandId,
        name: String(form.get('name') ?? '').trim(),
        url: String(form.get('url') ?? '').trim(),
        events: form.getAll('events').map(String),
      });
      element.reset();
      onCreated(created.secret);
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="create-webhook">
      <h2 id="create-webhook">{t('webhooks.create')}</h2>
      <Field label={t('webhooks.name')} name="name" required maxLength={64} hint={t('webhooks.nameHint')} />
      <Field label={t('webhooks.url')} name="url" required inputMode="url" placeholder="https://" pattern="^(?!http://).*" hint={t('webhooks.urlHint')} />
      <fieldset>
        <legend>{t('webhooks.events')}</legend>
        <p className="hint">{t('webhooks.eventsHint')}</p>
        <div className="set-switch" role="radiogroup" aria-label={t('webhooks.events')}>
          {(Object.keys(EVENT_SETS) as EventSet[]).map((s) => (
            <label key={s} className="choice">
              <input type="radio" name="set" checked={set === s} onChange={() => setSet(s)} /> {s === 'v1' ? t('webhooks.setV1') : t('webhooks.setLegacy')}
            </label>
          ))}
        </div>
        {EVENT_SETS[set].map((e, i) => (
          <label key={e} className="choice">
            <input type="checkbox" name="events" value={e} defaultChecked={i === 0} /> <code>{e}</code>
          </label>
        ))}
      </fieldset>
      {error ? <ErrorNotice error={error} /> : null}
      <button type="submit">{t('common.create')}</button>
    </form>
  );
}

function Deliveries({ webhookId, version }: { webhookId: string; version: number }) {
  const { t, dateTime, num } = useI18n();
  const [load] = useApi((signal) => webhookApi.deliveries(webhookId, signal), [webhookId, version]);
  if (load.state !== 'ready') return load.state === 'error' ? <ErrorNotice error={load.error} /> : <p className="muted">{t('common.loading')}</p>;
  if (load.data.data.length === 0) return <p className="muted">{t('webhooks.noDeliveries')}</p>;
  return (
    <DataTable<Delivery>
      caption={t('webhooks.deliveries')}
      rows={load.data.data}
      rowKey={(d) => d.id}
      columns={[
        { label: t('col.date'), cell: (d) => dateTime(d.createdAt) },
        { label: t('webhooks.events'), cell: (d) => <code>{d.event}{d.test ? ' (test)' : ''}</code> },
        { label: t('col.status'), cell: (d) => <span data-testid="delivery-status">{d.status}</span> },
        { label: 'HTTP', cell: (d) => d.lastStatusCode ?? '—', numeric: true },
        { label: t('webhooks.attempt'), cell: (d) => num(d.attempts), numeric: true },
        { label: t('webhooks.latency'), cell: (d) => (d.attemptLog.length ? `${num(d.attemptLog[d.attemptLog.length - 1]!.latencyMs)} ms` : '—'), numeric: true },
        { label: t('webhooks.lastError'), cell: (d) => d.lastError ?? '—' },
      ]}
    />
  );
}

function WebhookRow({ hook, onChanged }: { hook: Webhook; onChanged: () => void }) {
  const { t, dateTime, num } = useI18n();
  const [showLog, setShowLog] = useState(false);
  const [logVersion, setLogVersion] = useState(0);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const act = async (action: () => Promise<unknown>, message?: string) => {
    setError(null);
    try {
      await action();
      if (message) setNote(message);
      onChanged();
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <article className="card webhook" aria-labelledby={`wh-${hook.id}`} data-testid="webhook">
      <div className="card-head">
        <h3 id={`wh-${hook.id}`}>{hook.name}</h3>
        <span className={hook.enabled ? 'badge ok' : 'badge off'}>{hook.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}</span>
      </div>
      <dl className="facts">
        <dt>{t('webhooks.address')}</dt>
        <dd className="url">{hook.url}</dd>
        <dt>{t('webhooks.eventCount')}</dt>
        <dd title={hook.events.join(', ')}>{num(hook.eventCount)}</dd>
        <dt>{t('webhooks.lastTrigger')}</dt>
        <dd>{hook.lastTriggeredAt ? dateTime(hook.lastTriggeredAt) : t('common.never')}</dd>
        <dt>{t('webhooks.failures')}</dt>
        <dd>{num(hook.consecutiveFailures)}</dd>
        <dt>{t('webhooks.lastError')}</dt>
        <dd>{hook.lastError ?? '—'}</dd>
      </dl>
      <div className="card-actions">
        <button type="button" className="secondary" onClick={() => act(() => webhookApi.update(hook.id, { enabled: !hook.enabled }))}>
          {hook.enabled ? t('webhooks.disable') : t('webhooks.enable')}
        </button>
        <button
          type="button"
          onClick={() =>
            act(async () => {
              await webhookApi.test(hook.id);
              setShowLog(true);
              setLogVersion((v) => v + 1);
            }, t('webhooks.testSent'))
          }
          disabled={!hook.enabled}
        >
          {t('webhooks.test')}
        </button>
        <button type="button" className="secondary" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
          {t('webhooks.deliveries')}
        </button>
        {showLog && (
          <button type="button" className="secondary small" onClick={() => setLogVersion((v) => v + 1)}>
            {t('common.refresh')}
          </button>
        )}
        <ConfirmButton label={t('common.delete')} question={t('webhooks.confirmDelete', { name: hook.name })} onConfirm={() => act(() => webhookApi.remove(hook.id))} />
      </div>
      {note && <Notice kind="success">{note}</Notice>}
      {error ? <ErrorNotice error={error} /> : null}
      {showLog && <Deliveries webhookId={hook.id} version={logVersion} />}
    </article>
  );
}

export function Webhooks({ brandId }: { brandId: string }) {
  const { t } = useI18n();
  const [brand] = useApi((signal) => endpoints.brand(brandId, signal), [brandId]);
  const [load, reload] = useApi((signal) => webhookApi.list(brandId, signal), [brandId]);
  const [secret, setSecret] = useState<string | null>(null);
  const name = brand.state === 'ready' ? brand.data.brand.name : brandId;
  return (
    <div className="page">
      <p>
        <Link href={`/brands/${encodeURIComponent(brandId)}`}>← {name}</Link>
      </p>
      <h1>{t('webhooks.title', { brand: name })}</h1>
      <p className="lead">{t('webhooks.intro')}</p>
      {secret && (
        <Notice kind="warn" title={t('webhooks.secret')}>
          <div className="secret-row">
            <code className="secret" data-testid="webhook-secret">
              {secret}
            </code>
            <CopyButton text={secret} />
            <button type="button" className="secondary" onClick={() => setSecret(null)}>
              {t('common.close')}
            </button>
          </div>
        </Notice>
      )}
      {load.state === 'loading' && <p className="muted">{t('common.loading')}</p>}
      {load.state === 'missing' && <Notice kind="warn">{t('webhooks.missingApi')}</Notice>}
      {load.state === 'error' && <ErrorNotice error={load.error} />}
      {load.state === 'ready' && (load.data.data.length === 0 ? <p className="muted">{t('webhooks.empty')}</p> : load.data.data.map((h) => <WebhookRow key={h.id} hook={h} onChanged={reload} />))}
      {load.state !== 'missing' && (
        <CreateWebhook
          brandId={brandId}
          onCreated={(s) => {
            setSecret(s);
            reload();
          }}
        />
      )}
    </div>
  );
}
