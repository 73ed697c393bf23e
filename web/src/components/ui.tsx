/** Small shared building blocks: notices, form fields, buttons with inline confirmation, copy. */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { ApiError } from '../api/client.js';
import { useI18n } from '../i18n/I18n.js';
import type { Load } from '../lib/useApi.js';

export function Notice({ kind = 'info', title, children }: { kind?: 'info' | 'warn' | 'error' | 'success'; title?: string; children: ReactNode }) {
  // Errors interrupt screen readers (alert); everything else is announced politely (status).
  return (
    <div className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {title && <strong className="notice-title">{title}</strong>}
      <div>{children}</div>
    </div>
  );
}

export function ErrorNotice({ error }: { error: unknown }) {
  const { t, wait } = useI18n();
  if (error instanceof ApiError && error.status === 429) {
    return <Notice kind="warn">{t('common.rateLimited', { wait: wait(error.retryAfter ?? 60) })}</Notice>;
  }
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Notice kind="error">
      {t('common.error', { message })}
      {error instanceof ApiError && error.requestId && <small className="muted"> {t('common.requestId', { id: error.requestId })}</small>}
    </Notice>
  );
}

type FieldProps = { label: string; hint?: ReactNode; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>;

export function Field({ label, hint, error, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} aria-invalid={error ? true : undefined} {...input} />
      {hint && <small id={hintId} className="hint">{hint}</small>}
      {error && <small id={errorId} className="field-error">{error}</small>}
    </div>
  );
}

export function TextArea({ label, hint, ...area }: { label: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...area} />
      {hint && <small id={`${id}-hint`} className="hint">{hint}</small>}
    </div>
  );
}

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard API refused (insecure context): select-and-copy fallback.
      const area = document.createElement('textarea');
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button type="button" className="secondary" onClick={copy} aria-live="polite">
      {copied ? t('common.copied') : (label ?? t('common.copy'))}
    </button>
  );
}

/** A destructive action asks inline (keyboard friendly, no native dialog). */
export function ConfirmButton({ label, question, onConfirm }: { label: string; question: string; onConfirm: () => Promise<void> | void }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="danger secondary" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <fieldset className="confirm" aria-label={question}>
      <span>{question}</span>{' '}
      <button
        type="button"
        className="danger"
        disabled={busy}
        // biome-ignore lint/a11y/noAutofocus: deliberate: the button just pressed is gone, so focus goes to the confirmation it opened (not lost to the page), and Enter or Space confirms.
        autoFocus
        onClick={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        {label}
      </button>{' '}
      <button type="button" className="secondary" onClick={() => setAsking(false)}>
        {t('common.cancel')}
      </button>
    </fieldset>
  );
}

/** "a, b, c" → ["a", "b", "c"], accepting Chinese commas too. */
export function splitList(text: string): string[] {
  return text
    .split(/[,，、\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A page's list while it loads: a loading line, a notice when the endpoint is missing (`missing`,
 * or "not available"), the error (or the `forbidden` notice for a 403), then the data once ready.
 */
export function LoadStatus<T>({ load, missing, forbidden, children }: { load: Load<T>; missing?: string; forbidden?: string; children: (data: T) => ReactNode }) {
  const { t } = useI18n();
  switch (load.state) {
    case 'loading':
      return <p className="muted">{t('common.loading')}</p>;
    case 'missing':
      return <Notice kind="warn">{missing ?? t('common.notAvailable')}</Notice>;
    case 'error':
      return forbidden && load.error instanceof ApiError && load.error.status === 403 ? <Notice kind="warn">{forbidden}</Notice> : <ErrorNotice error={load.error} />;
    case 'ready':
      return <>{children(load.data)}</>;
  }
}
