/** The public free check at `/`: brand, industry, competitors → per-platform summary. */
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api/client.js';
import { usePlatformNames } from '../api/platforms.js';
import { useSession } from '../api/session.js';
import type { FreeCheckResponse, FreeCheckSummary } from '../api/types.js';
import { DataTable } from '../components/DataTable.js';
import { ErrorNotice, Field, Notice, splitList } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { Link } from '../router.js';

type State =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; brand: string; result: FreeCheckResponse }
  | { kind: 'limited'; retryAfter: number }
  | { kind: 'error'; error: unknown };

export function FreeCheck() {
  const { t, pct, num, wait } = useI18n();
  const { profile } = useSession();
  const platforms = usePlatformNames();
  const [state, setState] = useState<State>({ kind: 'idle' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const brand = String(form.get('brand') ?? '').trim();
    const industry = String(form.get('industry') ?? '').trim();
    const competitors = splitList(String(form.get('competitors') ?? ''));
    setState({ kind: 'running' });
    try {
      const result = await api<FreeCheckResponse>('/api/check/run', {
        method: 'POST',
        public: true,
        body: { brand_name: brand, ...(industry ? { industry } : {}), ...(competitors.length ? { competitors } : {}) },
      });
      setState({ kind: 'done', brand, result });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) setState({ kind: 'limited', retryAfter: error.retryAfter ?? 3600 });
      else setState({ kind: 'error', error });
    }
  };

  return (
    <div className="page narrow">
      <h1>{t('check.title')}</h1>
      <p className="lead">{t('check.intro')}</p>
      <form className="card form" onSubmit={submit} aria-busy={state.kind === 'running'}>
        <Field label={t('check.brand')} name="brand" required maxLength={100} autoComplete="organization" />
        <Field label={t('check.industry')} name="industry" maxLength={100} hint={t('check.industryHint')} />
        <Field label={`${t('check.competitors')} ${t('common.optional')}`} name="competitors" hint={t('common.commaSeparated')} />
        <button type="submit" disabled={state.kind === 'running'}>
          {t('check.submit')}
        </button>
      </form>

      <div className="result-area" aria-live="polite">
        {state.kind === 'running' && <Notice>{t('check.running')}</Notice>}
        {state.kind === 'limited' && (
          <Notice kind="warn" title={t('check.limitTitle')}>
            {t('check.limit', { wait: wait(state.retryAfter) })}{' '}
            {!profile && <Link href="/signup">{t('nav.signup')}</Link>}
          </Notice>
        )}
        {state.kind === 'error' && <ErrorNotice error={state.error} />}
        {state.kind === 'done' && (
          <section className="card" aria-labelledby="check-results" data-testid="check-results">
            <h2 id="check-results">{t('check.results', { brand: state.brand })}</h2>
            {(state.result.simulated ?? platforms.simulated) && <p className="badge">{t('check.simulated')}</p>}
            <DataTable<FreeCheckSummary>
              caption={t('check.results', { brand: state.brand })}
              rows={state.result.summary}
              rowKey={(r) => r.platform}
              columns={[
                { label: t('check.platform'), cell: (r) => platforms.name(r.platform) },
                { label: t('check.answers'), cell: (r) => num(r.total), numeric: true },
                { label: t('check.mentions'), cell: (r) => num(r.mentions), numeric: true },
                { label: t('check.rate'), cell: (r) => (r.total > 0 ? pct(r.mentions / r.total) : '—'), numeric: true },
                { label: t('check.positive'), cell: (r) => num(r.positive), numeric: true },
              ]}
            />
            {state.result.rateLimitRemaining !== null && (
              <p className="muted" data-testid="remaining">
                {t('check.remaining', { n: num(state.result.rateLimitRemaining) })}
              </p>
            )}
            {!profile && (
              <p>
                <Link href="/signup">{t('check.cta')}</Link>
              </p>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
