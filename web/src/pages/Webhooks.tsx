/**
 * Webhooks, from the main menu (every webhook of the account) or from a brand (its webhooks and
 * the account-wide ones). Create (brand, name ≤ 64, HTTPS address explained inline, events of one
 * set described in plain words), the secret shown once, and per webhook: a state that says
 * "failing" when deliveries fail (never just "enabled"), the next retry, a test whose result is
 * what the receiver answered (polled from the delivery log), enable/disable, the delivery log;
 * and the account's alerts, open and acknowledged (every role reads those).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AlertList } from '../alerts/AlertList.js';
import { api, ApiError } from '../api/client.js';
import { endpoints } from '../api/endpoints.js';
import { pollWhileMounted } from '../api/polling.js';
import type { Brand, CreatedWebhook, Delivery, DeliveryList, Webhook, WebhookInput, WebhookList, WebhookTest, WebhookUpdate } from '../api/types.js';
import { BrandSelect } from '../components/BrandSelect.js';
import { ListTable } from '../components/ListTable.js';
import { ConfirmButton, CopyButton, ErrorNotice, Field, Notice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import type { MessageKey } from '../i18n/messages.js';
import { useApi } from '../lib/useApi.js';
import { Link } from '../router.js';

// The spec's two event sets (docs/webhooks.md); a webhook subscribes to events of one set.
const EVENT_SETS = {
  v1: ['citation.discovered', 'priority.changed', 'sentinel.triggered', 'uplift.measured'],
  legacy: ['wiki.page.created', 'wiki.page.updated', 'lint.issue.detected', 'aeo.batch.completed', 'citation.gap.alert'],
} as const;
type EventSet = keyof typeof EVENT_SETS;
const KNOWN_EVENTS = new Set<string>([...EVENT_SETS.v1, ...EVENT_SETS.legacy]);

type WebhookState = Webhook['state'];

const webhookApi = {
  list: (brandId: string | undefined, signal: AbortSignal) => api<WebhookList>('/api/webhooks', { query: { brandId }, signal }),
  create: (body: WebhookInput) => api<CreatedWebhook>('/api/webhooks', { method: 'POST', body }),
  update: (id: string, body: WebhookUpdate) => api<Webhook>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  remove: (id: string) => api<void>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  test: (id: string) => api<WebhookTest>(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST', body: {} }),
  deliveries: (id: string, signal?: AbortSignal) => api<DeliveryList>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`, { query: { limit: 20 }, ...(signal ? { signal } : {}) }),
};

/** "New citation found" and what it means, in the reader's language; unknown identifiers as they are. */
function useEventText() {
  const { t } = useI18n();
  return {
    title: (event: string) => (KNOWN_EVENTS.has(event) ? t(`event.${event}` as MessageKey) : event),
    description: (event: string) => (KNOWN_EVENTS.has(event) ? t(`event.${event}.help` as MessageKey) : ''),
  };
}

const STATE_BADGE: Record<WebhookState, string> = { working: 'badge ok', failing: 'badge danger', unused: 'badge off', disabled: 'badge off' };

function StateBadge({ hook }: { hook: Webhook }) {
  const { t, dateTime } = useI18n();
  const label =
    hook.state === 'failing' && hook.failingSince ? t('webhooks.state.failingSince', { when: dateTime(hook.failingSince) }) : t(`webhooks.state.${hook.state}` as MessageKey);
  return (
    <span className={STATE_BADGE[hook.state]} data-testid="webhook-state" data-state={hook.state}>
      {label}
    </span>
  );
}

function CreateWebhook({ brands, brandId, onCreated }: { brands: Brand[]; brandId: string | undefined; onCreated: (secret: string) => void }) {
  const { t } = useI18n();
  const text = useEventText();
  const [set, setSet] = useState<EventSet>('v1');
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    setError(null);
    try {
      const created = await webhookApi.create({
        brandId: brandId ?? String(form.get('brandId') ?? ''),
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
  if (brands.length === 0 && brandId === undefined) {
    return (
      <Notice>
        {t('webhooks.needBrand')} <Link href="/brands">{t('nav.brands')}</Link>
      </Notice>
    );
  }
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="create-webhook">
      <h2 id="create-webhook">{t('webhooks.create')}</h2>
      {brandId === undefined && <BrandSelect label={t('webhooks.brand')} brands={brands} />}
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
          <label key={e} className="choice event-choice">
            <input type="checkbox" name="events" value={e} defaultChecked={i === 0} />
            <span>
              <strong>{text.title(e)}</strong> <code className="muted small">{e}</code>
              <br />
              <span className="muted small">{text.description(e)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error ? <ErrorNotice error={error} /> : null}
      <button type="submit">{t('common.create')}</button>
    </form>
  );
}

function deliveryStatusKey(status: Delivery['status']): MessageKey {
  return `webhooks.delivery.${status}`;
}

function Deliveries({ webhookId, version }: { webhookId: string; version: number }) {
  const { t, dateTime, num } = useI18n();
  const text = useEventText();
  const [load] = useApi((signal) => webhookApi.deliveries(webhookId, signal), [webhookId, version]);
  return (
    <div className="table-scroll">
      <ListTable<Delivery>
        load={load}
        caption={t('webhooks.deliveries')}
        empty={t('webhooks.noDeliveries')}
        rowKey={(d) => d.id}
        columns={[
          { label: t('col.date'), cell: (d) => dateTime(d.createdAt) },
          { label: t('webhooks.event'), cell: (d) => `${text.title(d.event)}${d.test ? ` (${t('webhooks.testMark')})` : ''}` },
          { label: t('col.status'), cell: (d) => <span data-testid="delivery-status" data-status={d.status}>{t(deliveryStatusKey(d.status))}</span> },
          { label: t('webhooks.httpStatus'), cell: (d) => d.lastStatusCode ?? '—', numeric: true },
          { label: t('webhooks.attempt'), cell: (d) => num(d.attempts), numeric: true },
          { label: t('webhooks.latency'), cell: (d) => (d.attemptLog.length ? `${num(d.attemptLog[d.attemptLog.length - 1]!.latencyMs)} ms` : '—'), numeric: true },
          { label: t('webhooks.nextRetry'), cell: (d) => (d.status === 'failed' && d.nextAttemptAt ? dateTime(d.nextAttemptAt) : '—') },
          { label: t('webhooks.lastError'), cell: (d) => d.lastError ?? '—' },
        ]}
      />
    </div>
  );
}

type TestResult = { kind: 'waiting' } | { kind: 'done'; delivery: Delivery } | { kind: 'noAnswer' };
const TEST_WAIT_MS = 30_000;

/**
 * Sends a test event and waits for the delivery's first attempt to be recorded: the result shown
 * is what the receiver answered, not "sent" when the request was merely queued.
 */
function useTestSend(hookId: string, onSettled: () => void) {
  const [result, setResult] = useState<TestResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  const send = async () => {
    setError(null);
    setResult({ kind: 'waiting' });
    try {
      const { deliveryId } = await webhookApi.test(hookId);
      // The client's polling tiers (1 s, slower after three 429s in a row), not a fixed loop that stops on a 429.
      const found = await pollWhileMounted(
        'GET /api/webhooks/{id}/deliveries',
        async () => (await webhookApi.deliveries(hookId)).data.find((d) => d.id === deliveryId),
        (d) => d !== undefined && d.attempts > 0,
        () => alive.current,
        { timeoutMs: TEST_WAIT_MS },
      );
      if (!alive.current) return;
      if (found) {
        setResult({ kind: 'done', delivery: found });
        onSettled();
      } else setResult({ kind: 'noAnswer' });
    } catch (caught) {
      if (alive.current) {
        setResult(null);
        setError(caught);
      }
    }
  };
  return { result, error, send };
}

function TestOutcome({ result }: { result: TestResult }) {
  const { t, dateTime, num } = useI18n();
  if (result.kind === 'waiting') return <Notice>{t('webhooks.testWaiting')}</Notice>;
  if (result.kind === 'noAnswer') return <Notice kind="warn">{t('webhooks.testNoAnswer')}</Notice>;
  const d = result.delivery;
  const latency = d.attemptLog.length ? num(d.attemptLog[d.attemptLog.length - 1]!.latencyMs) : '—';
  const outcome =
    d.status === 'succeeded'
      ? t('webhooks.testOk', { status: d.lastStatusCode ?? '—', ms: latency })
      : d.status === 'failed' && d.nextAttemptAt
        ? t('webhooks.testFailedRetry', { error: d.lastError ?? `HTTP ${d.lastStatusCode ?? '—'}`, when: dateTime(d.nextAttemptAt) })
        : t('webhooks.testFailed', { error: d.lastError ?? `HTTP ${d.lastStatusCode ?? '—'}` });
  return (
    <Notice kind={d.status === 'succeeded' ? 'success' : 'error'}>
      <span data-testid="test-result" data-status={d.status}>
        {outcome}
      </span>
    </Notice>
  );
}

function WebhookRow({ hook, brandName, onChanged }: { hook: Webhook; brandName: string | null; onChanged: () => void }) {
  const { t, dateTime, num } = useI18n();
  const text = useEventText();
  const [showLog, setShowLog] = useState(false);
  const [logVersion, setLogVersion] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const test = useTestSend(hook.id, () => {
    setLogVersion((v) => v + 1);
    onChanged();
  });
  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      onChanged();
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <article className={`card webhook webhook-${hook.state}`} aria-labelledby={`wh-${hook.id}`} data-testid="webhook">
      <div className="card-head">
        <h3 id={`wh-${hook.id}`}>{hook.name}</h3>
        <StateBadge hook={hook} />
      </div>
      <dl className="facts">
        <dt>{t('webhooks.brand')}</dt>
        <dd>{brandName ?? t('webhooks.allBrands')}</dd>
        <dt>{t('webhooks.address')}</dt>
        <dd className="url">{hook.url}</dd>
        <dt>{t('webhooks.events')}</dt>
        <dd>
          <ul className="plain">
            {hook.events.map((e) => (
              <li key={e} title={e}>
                {text.title(e)}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t('webhooks.lastTrigger')}</dt>
        <dd>{hook.lastTriggeredAt ? dateTime(hook.lastTriggeredAt) : t('common.never')}</dd>
        {hook.consecutiveFailures > 0 && (
          <>
            <dt>{t('webhooks.failures')}</dt>
            <dd>{num(hook.consecutiveFailures)}</dd>
            <dt>{t('webhooks.lastError')}</dt>
            <dd>{hook.lastError ?? '—'}</dd>
          </>
        )}
        <dt>{t('webhooks.nextRetry')}</dt>
        <dd data-testid="next-retry">{hook.nextRetryAt ? dateTime(hook.nextRetryAt) : t('webhooks.noRetry')}</dd>
      </dl>
      <div className="card-actions">
        <button type="button" className="secondary" onClick={() => act(() => webhookApi.update(hook.id, { enabled: !hook.enabled }))}>
          {hook.enabled ? t('webhooks.disable') : t('webhooks.enable')}
        </button>
        <button
          type="button"
          onClick={() => {
            setShowLog(true);
            void test.send();
          }}
          disabled={!hook.enabled || test.result?.kind === 'waiting'}
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
      {test.result && <TestOutcome result={test.result} />}
      {test.error ? <ErrorNotice error={test.error} /> : null}
      {error ? <ErrorNotice error={error} /> : null}
      {showLog && <Deliveries webhookId={hook.id} version={logVersion} />}
    </article>
  );
}

/** `brandId`: one brand's page (reached from its overview); without it, the account's webhooks. */
export function Webhooks({ brandId }: { brandId?: string }) {
  const { t } = useI18n();
  const [brands] = useApi((signal) => endpoints.brands(signal), []);
  const [load, reload] = useApi((signal) => webhookApi.list(brandId, signal), [brandId]);
  const [secret, setSecret] = useState<string | null>(null);
  const brandList = brands.state === 'ready' ? brands.data.brands : [];
  const nameOf = (id: string | null) => (id === null ? null : (brandList.find((b) => b.id === id)?.name ?? id));
  const brandName = brandId ? (nameOf(brandId) ?? brandId) : null;
  // Webhooks are for owners and admins, reading included (docs/auth.md "Roles and teams").
  const forbidden = load.state === 'error' && load.error instanceof ApiError && load.error.status === 403;
  return (
    <div className="page">
      {brandId && (
        <p>
          <Link href={`/brands/${encodeURIComponent(brandId)}`}>← {brandName}</Link> · <Link href="/webhooks">{t('webhooks.allWebhooks')}</Link>
        </p>
      )}
      <h1>{brandId ? t('webhooks.title', { brand: brandName ?? '' }) : t('webhooks.titleAll')}</h1>
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
      {load.state === 'error' &&
        (forbidden ? <Notice kind="warn">{t('webhooks.forbidden')}</Notice> : <ErrorNotice error={load.error} />)}
      {load.state === 'ready' &&
        (load.data.data.length === 0 ? (
          <p className="muted">{brandId ? t('webhooks.empty') : t('webhooks.emptyAll')}</p>
        ) : (
          load.data.data.map((h) => <WebhookRow key={h.id} hook={h} brandName={nameOf(h.brandId)} onChanged={reload} />)
        ))}
      <AlertList brandId={brandId} />
      {load.state !== 'missing' && !forbidden && brands.state === 'ready' && (
        <CreateWebhook
          brands={brandList}
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
