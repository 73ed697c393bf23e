/**
 * The public free check at `/`: brand (and its other names), industry, competitors → per platform
 * the brand's rate with n and interval beside each competitor's, the questions asked with an
 * excerpt of every answer, and why 0 % is 0 % when it is.
 */
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api/client.js';
import { usePlatformNames } from '../api/platforms.js';
import { useSession } from '../api/session.js';
import type { FreeCheckResponse, FreeCheckSummary } from '../api/types.js';
import { AliasSuggestions, useAliasSuggestions, withAlias } from '../components/AliasSuggest.js';
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
  const { t, pct, num, wait, locale } = useI18n();
  const { profile } = useSession();
  const platforms = usePlatformNames();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [brandName, setBrandName] = useState('');
  const [aliases, setAliases] = useState('');
  // Short forms answers often use ("瑞幸咖啡" → "瑞幸"), offered as the user types.
  const suggested = useAliasSuggestions(brandName);
  const rateCell = (r: { rate: number | null; ciLow: number; ciHigh: number; n: number }) =>
    r.n > 0 ? `${pct(r.rate)} (${pct(r.ciLow)}–${pct(r.ciHigh)}, n ${num(r.n)})` : '—';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const brand = String(form.get('brand') ?? '').trim();
    const industry = String(form.get('industry') ?? '').trim();
    const competitors = splitList(String(form.get('competitors') ?? ''));
    const aliasList = splitList(String(form.get('aliases') ?? ''));
    setState({ kind: 'running' });
    try {
      const result = await api<FreeCheckResponse>('/api/check/run', {
        method: 'POST',
        public: true,
        body: { brand_name: brand, ...(industry ? { industry } : {}), ...(aliasList.length ? { aliases: aliasList } : {}), ...(competitors.length ? { competitors } : {}) },
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
        <Field label={t('check.brand')} name="brand" required maxLength={100} autoComplete="organization" value={brandName} onChange={(e) => setBrandName(e.currentTarget.value)} />
        <Field label={`${t('check.aliases')} ${t('common.optional')}`} name="aliases" hint={t('check.aliasesHint')} value={aliases} onChange={(e) => setAliases(e.currentTarget.value)} />
        <AliasSuggestions suggested={suggested} aliases={aliases} onAdd={(alias) => setAliases((current) => withAlias(current, alias))} />
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
            {state.result.lookedFor && (
              <p className="muted small" data-testid="looked-for">
                {t('check.lookedFor', { names: state.result.lookedFor.map((n) => `“${n}”`).join(locale === 'zh-CN' ? '、' : ', ') })}
              </p>
            )}
            {state.result.zeroExplanation && (
              <Notice kind="warn" title={t('check.zeroTitle')}>
                <span data-testid="zero-explanation">{state.result.zeroExplanation[locale]}</span>
              </Notice>
            )}
            <div className="table-scroll">
              {state.result.perPlatform ? (
                <DataTable<NonNullable<FreeCheckResponse['perPlatform']>[number]>
                  caption={t('check.results', { brand: state.brand })}
                  rows={state.result.perPlatform}
                  rowKey={(r) => r.platform}
                  columns={[
                    { label: t('check.platform'), cell: (r) => platforms.name(r.platform) },
                    { label: state.brand, cell: (r) => rateCell(r.brand), numeric: true },
                    ...(state.result.perPlatform[0]?.competitors ?? []).map((c, i) => ({ label: c.name, cell: (r: { competitors: { rate: number | null; ciLow: number; ciHigh: number; n: number }[] }) => rateCell(r.competitors[i]!), numeric: true })),
                  ]}
                />
              ) : (
                <DataTable<FreeCheckSummary>
                  caption={t('check.results', { brand: state.brand })}
                  rows={state.result.summary}
                  rowKey={(r) => r.platform}
                  columns={[
                    { label: t('check.platform'), cell: (r) => platforms.name(r.platform) },
                    { label: t('check.answers'), cell: (r) => num(r.total), numeric: true },
                    { label: t('check.rate'), cell: (r) => (r.total > 0 ? pct(r.mentions / r.total) : '—'), numeric: true },
                  ]}
                />
              )}
            </div>
            {state.result.questions && (
              <details className="check-questions" data-testid="check-questions">
                <summary>{t('check.questions', { n: num(state.result.questions.length) })}</summary>
                {state.result.questions.map((q) => (
                  <div key={q.prompt} className="check-question">
                    <h3>{q.prompt}</h3>
                    <ul>
                      {q.answers.map((a) => (
                        <li key={a.platform}>
                          <strong>{platforms.name(a.platform)}</strong> · {a.mentioned ? t('check.named') : t('check.notNamed')}
                          {a.competitorsMentioned.length > 0 && ` · ${t('check.alsoNamed', { names: a.competitorsMentioned.join(', ') })}`}
                          <p className="muted small excerpt">{a.excerpt || t('check.noAnswer')}</p>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </details>
            )}
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
