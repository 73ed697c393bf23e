/** Content tools: AEO rewrite (sections, score, JSON-LD with copy) and suggestions for a brand. */
import { useState } from 'react';
import { ApiError } from '../api/client.js';
import { endpoints } from '../api/endpoints.js';
import type { AeoRewrite, SuggestInput, Suggestion } from '../api/types.js';
import { BrandSelect } from '../components/BrandSelect.js';
import { Markdown } from '../components/Markdown.js';
import { CopyButton, ErrorNotice, Field, Notice, TextArea } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { useSubmit } from '../lib/useSubmit.js';

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Rewrite() {
  const { t, num, usd } = useI18n();
  const [result, setResult] = useState<AeoRewrite | null>(null);
  const { submit, busy, error } = useSubmit(async (form) => {
    const audience = String(form.get('audience') ?? '').trim();
    setResult(await endpoints.aeoRewrite({ text: String(form.get('text')), brand: String(form.get('brand')).trim(), ...(audience ? { audience } : {}) }));
  });
  return (
    <section className="card" aria-labelledby="aeo-title">
      <h2 id="aeo-title">{t('tools.aeo')}</h2>
      <p className="hint">{t('tools.aeoIntro')}</p>
      <form className="form" onSubmit={submit} aria-busy={busy}>
        <TextArea label={t('tools.text')} name="text" required rows={6} maxLength={20000} />
        <div className="grid-2">
          <Field label={t('tools.brand')} name="brand" required maxLength={100} />
          <Field label={t('tools.audience')} name="audience" maxLength={200} />
        </div>
        <button type="submit" disabled={busy}>
          {t('tools.rewrite')}
        </button>
      </form>
      {error ? error instanceof ApiError && error.noRoute ? <Notice kind="warn">{t('common.notAvailable')}</Notice> : <ErrorNotice error={error} /> : null}
      {result && (
        <div className="rewrite" data-testid="aeo-result">
          {result.simulated && (
            <Notice kind="warn">
              <span className="badge" data-testid="aeo-simulated">{t('tools.simulatedBadge')}</span> {t('tools.simulated')}
            </Notice>
          )}
          <p className="score">
            {t('tools.score')}: <strong>{num(result.score_aviv)}</strong> / 100
          </p>
          <h3>{result.headline}</h3>
          <h4>{t('tools.answer')}</h4>
          <p>{result.section_1_answer}</p>
          <h4>{t('tools.evidence')}</h4>
          <ul>
            {result.section_2_evidence.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one generated answer shown as is (no state, never reordered); the same line may repeat, so its position is part of its key.
              <li key={`${i}:${e}`}>{e}</li>
            ))}
          </ul>
          <h4>{t('tools.context')}</h4>
          <p>{result.section_3_context}</p>
          <h4>{t('tools.faq')}</h4>
          <dl>
            {result.section_4_faq.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one generated answer shown as is (no state, never reordered); the same question may repeat, so its position is part of its key.
              <div key={`${i}:${f.q}`}>
                <dt>{f.q}</dt>
                <dd>{f.a}</dd>
              </div>
            ))}
          </dl>
          <p className="hint">{t('tools.source', { platform: result.source, ms: num(result.latency_ms), cost: usd(result.cost_usd) })}</p>
          <div className="card-head">
            <h4>{t('tools.jsonld')}</h4>
            <CopyButton text={result.jsonld} />
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the code block scrolls (overflow, max-height), so it takes focus for keyboard users to scroll it (WCAG 2.1.1; axe: scrollable-region-focusable). */}
          <pre className="code" tabIndex={0}>{prettyJson(result.jsonld)}</pre>
        </div>
      )}
    </section>
  );
}

function Suggest() {
  const { t, num, pct } = useI18n();
  const [brands] = useApi((signal) => endpoints.brands(signal), []);
  const [result, setResult] = useState<Suggestion | null>(null);
  const { submit, busy, error } = useSubmit(async (form) => {
    const intent = String(form.get('intent') ?? '') as NonNullable<SuggestInput['intent']> | ''; // the <select>'s values
    setResult(await endpoints.suggest({ brandId: String(form.get('brandId')), content: String(form.get('content')), ...(intent ? { intent } : {}) }));
  });
  const list = brands.state === 'ready' ? brands.data.brands : [];
  return (
    <section className="card" aria-labelledby="suggest-title">
      <h2 id="suggest-title">{t('tools.suggest')}</h2>
      <p className="hint">{t('tools.suggestIntro')}</p>
      {brands.state === 'missing' ? (
        <Notice kind="warn">{t('common.notAvailable')}</Notice>
      ) : (
        <form className="form" onSubmit={submit} aria-busy={busy}>
          <div className="grid-2">
            <BrandSelect label={t('tools.pickBrand')} brands={list} />
            <label className="field">
              {t('tools.intent')}
              <select name="intent" defaultValue="">
                <option value="">—</option>
                {(['comparison', 'how-to', 'faq', 'review'] as const).map((i) => (
                  <option key={i} value={i}>
                    {t(`tools.intent.${i}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <TextArea label={t('tools.content')} name="content" required rows={6} maxLength={4000} />
          <button type="submit" disabled={busy || list.length === 0}>
            {t('tools.suggestRun')}
          </button>
        </form>
      )}
      {error ? error instanceof ApiError && error.noRoute ? <Notice kind="warn">{t('common.notAvailable')}</Notice> : <ErrorNotice error={error} /> : null}
      {result && (
        <div className="rewrite">
          <h3>{t('tools.rewritten')}</h3>
          <Markdown text={result.rewritten} />
          <h4>{t('tools.claims')}</h4>
          <ul>
            {result.factClaims.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one generated answer shown as is (no state, never reordered); the same claim may repeat, so its position is part of its key.
              <li key={`${i}:${c.claim}`}>
                {c.claim} <span className={c.verifiable ? 'badge ok' : 'badge off'}>{c.verifiable ? t('tools.verifiable') : t('tools.unverifiable')}</span>
              </li>
            ))}
          </ul>
          <h4>{t('tools.signals')}</h4>
          <p>{result.eeatSignals.map((x) => t(`signal.${x}`)).join(' · ') || '—'}</p>
          <p data-testid="expected-lift">
            {result.expectedLift.delta > 0
              ? t('tools.liftPoints', { points: num(result.expectedLift.delta * 100, 1) })
              : result.eeatSignals.length === 0
                ? t('tools.liftNoneSignals')
                : t('tools.liftNone')}{' '}
            {result.expectedLiftBasis && result.expectedLiftBasis.answers > 0
              ? t('tools.liftBasis', { signals: result.eeatSignals.length, rate: pct(result.expectedLiftBasis.mentions / result.expectedLiftBasis.answers), n: num(result.expectedLiftBasis.answers), days: result.expectedLiftBasis.windowDays })
              : t('tools.liftNoBasis', { signals: result.eeatSignals.length })}
          </p>
          {result.missingSignals.length > 0 && <p className="muted small">{t('tools.missing', { signals: result.missingSignals.map((x) => t(`signal.${x}`)).join(' · ') })}</p>}
        </div>
      )}
    </section>
  );
}

export function Tools() {
  const { t } = useI18n();
  return (
    <div className="page">
      <h1>{t('tools.title')}</h1>
      <div className="stack">
        <Rewrite />
        <Suggest />
      </div>
    </div>
  );
}
