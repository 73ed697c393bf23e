/**
 * The shell's notice of open account alerts, on every signed-in page until someone acknowledges
 * them: how many, the newest one's webhook and since when, a link to the Webhooks page, and an
 * Acknowledge button per alert for members and above (viewers read it without the button).
 * A polite live region: it must be noticed, not interrupt what a screen reader is reading.
 */
import { useRef, useState } from 'react';
import { ErrorNotice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { Link } from '../router.js';
import { useAlerts } from './AlertsProvider.js';

/** More than this many open alerts: the rest are on the Webhooks page. */
const SHOWN = 3;

export function AlertNotice() {
  const { t, dateTime } = useI18n();
  const { open, canAcknowledge, acknowledge } = useAlerts();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const region = useRef<HTMLElement>(null);
  if (!open || (open.length === 0 && !error))
    return done ? (
      <p className="sr-only" role="status">
        {done}
      </p>
    ) : null;
  const newest = open[0];

  const onAcknowledge = async (id: string, webhook: string) => {
    setBusy(id);
    setError(null);
    try {
      await acknowledge(id);
      setDone(t('alerts.acknowledged', { webhook }));
      // The button is gone: keep the keyboard in the notice, or on the page once it is empty.
      (open.length > 1 ? region.current : document.getElementById('main'))?.focus();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      ref={region}
      className="notice notice-warn alert-notice"
      role="status"
      aria-labelledby="alert-notice-title"
      tabIndex={-1}
      data-testid="alert-notice"
    >
      <strong id="alert-notice-title" className="notice-title">
        {t('alerts.title', { n: open.length })}
      </strong>
      {newest && (
        <p>
          {t('alerts.newest', { webhook: newest.webhookName, since: dateTime(newest.failingSince) })}{' '}
          <Link href="/webhooks">{t('alerts.openWebhooks')}</Link>
        </p>
      )}
      <ul className="plain alert-items">
        {open.slice(0, SHOWN).map((a) => (
          <li key={a.id} data-testid="alert-item">
            <span>
              {t('alerts.item', { webhook: a.webhookName, since: dateTime(a.failingSince) })}
              {a.resolvedAt && <span className="muted"> · {t('alerts.recovered', { when: dateTime(a.resolvedAt) })}</span>}
            </span>
            {canAcknowledge && (
              <button
                type="button"
                className="secondary small"
                disabled={busy !== null}
                aria-label={t('alerts.acknowledgeOne', { webhook: a.webhookName })}
                onClick={() => void onAcknowledge(a.id, a.webhookName)}
              >
                {t('alerts.acknowledge')}
              </button>
            )}
          </li>
        ))}
        {open.length > SHOWN && <li className="muted">{t('alerts.more', { n: open.length - SHOWN })}</li>}
      </ul>
      {!canAcknowledge && <p className="muted small">{t('alerts.viewerHint')}</p>}
      {error ? <ErrorNotice error={error} /> : null}
    </section>
  );
}
