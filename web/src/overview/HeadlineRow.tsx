/**
 * The headline row: unbranded visibility, share of voice, average position and net sentiment, each
 * with its 95 % interval, n and the change against the previous period — shown as a change only
 * when the API says the intervals separate. Names and "?" help come from the API's definitions
 * (the same text as docs/metrics.md); branded visibility is shown apart, never mixed in. Small
 * print says which analysis engine version(s) read the window's answers.
 */
import { useState, type ReactNode } from 'react';
import { endpoints } from '../api/endpoints.js';
import type { Figure, Headline, MetricDefinition } from '../api/types.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { Loaded } from './Section.js';

type Format = (value: number | null) => string;

function Tile({ id, figure, definition, format, lowerIsBetter = false, children }: { id: string; figure: Figure; definition: MetricDefinition | undefined; format: Format; lowerIsBetter?: boolean; children?: ReactNode }) {
  const { t, locale, num } = useI18n();
  const [open, setOpen] = useState(false);
  const name = definition?.name[locale] ?? id;
  const interval = figure.ciLow !== null && figure.ciHigh !== null ? `${format(figure.ciLow)}–${format(figure.ciHigh)}` : '—';
  const good = figure.direction === 'up' ? !lowerIsBetter : figure.direction === 'down' ? lowerIsBetter : null;
  const changeText =
    figure.change === null
      ? t('headline.noPrevious')
      : figure.significant
        ? t(figure.direction === 'up' ? 'headline.up' : 'headline.down', { change: format(Math.abs(figure.change)) })
        : t('headline.noRealChange', { change: format(Math.abs(figure.change)) });
  return (
    <div className="headline-tile" data-testid={`headline-${id}`} data-value={figure.value ?? ''}>
      <div className="headline-name">
        <span>{name}</span>
        <button type="button" className="help-button" aria-expanded={open} aria-label={t('headline.help', { name })} onClick={() => setOpen((o) => !o)}>
          ?
        </button>
      </div>
      <div className="headline-value" data-testid={`headline-${id}-value`}>{format(figure.value)}</div>
      <div className="muted small">
        {t('headline.interval', { interval })} · n = {num(figure.n)}
      </div>
      <div className={`headline-change ${good === null ? '' : good ? 'good' : 'bad'}`} data-significant={figure.significant}>
        {changeText}
      </div>
      {children}
      {open && definition && <p className="hint" role="note">{definition.help[locale]}</p>}
    </div>
  );
}

export function HeadlineRow({ brandId, days }: { brandId: string; days: number }) {
  const { t, pct, num } = useI18n();
  const [load] = useApi(async (signal) => {
    const [headline, defs] = await Promise.all([endpoints.headline({ brand_id: brandId, days }, signal), endpoints.definitions(signal).catch(() => ({ definitions: [] }))]);
    return { headline, defs: defs.definitions };
  }, [brandId, days]);
  return (
    <Loaded id="headline" title={t('headline.title')} load={load}>
      {({ headline: h, defs }: { headline: Headline; defs: MetricDefinition[] }) => {
        const def = (id: string) => defs.find((d) => d.id === id);
        const pos: Format = (v) => (v === null ? '—' : num(v, 1));
        const signed: Format = (v) => (v === null ? '—' : `${v > 0 ? '+' : ''}${pct(v)}`);
        return (
          <section className="card headline" aria-labelledby="headline-title" data-section="headline" data-state="ready">
            <div className="card-head">
              <h2 id="headline-title">{t('headline.title')}</h2>
            </div>
            <div className="headline-row">
              <Tile id="visibility" figure={h.visibility} definition={def('visibility')} format={pct} />
              <Tile id="shareOfVoice" figure={h.shareOfVoice} definition={def('shareOfVoice')} format={pct}>
                {h.competitors === 0 && (
                  <div className="muted small" data-testid="no-competitors">
                    {t('headline.noCompetitors')}
                  </div>
                )}
              </Tile>
              <Tile id="averagePosition" figure={h.averagePosition} definition={def('averagePosition')} format={pos} lowerIsBetter>
                {h.averagePosition.n > 0 && (
                  <div className="muted small" data-testid="position-distribution">
                    {t('headline.positions', {
                      list: h.averagePosition.distribution
                        .filter((b) => b.count > 0)
                        .map((b) => `${b.bucket === 'unranked' ? t('headline.unranked') : `#${b.bucket.replace('-', '–')}`} ${pct(b.share)}`)
                        .join(' · '),
                    })}
                  </div>
                )}
              </Tile>
              <Tile id="netSentiment" figure={h.netSentiment} definition={def('netSentiment')} format={signed} />
            </div>
            <p className="muted small" data-testid="headline-branded">
              {t('headline.branded', { rate: pct(h.brandedVisibility.value), n: num(h.brandedVisibility.n), unbranded: num(h.answers.unbranded) })}
            </p>
            {h.trend.moreDaysNeeded > 0 && (
              <p className="muted small" data-testid="headline-trend">
                {t('headline.moreDays', { n: h.trend.moreDaysNeeded })}
              </p>
            )}
            {(h.engineVersions ?? []).length > 0 && (
              <p className="muted small" data-testid="headline-engine" data-versions={h.engineVersions.map((v) => v.version).join(' ')}>
                {t(h.engineVersions.length > 1 ? 'headline.engineMixed' : 'headline.engine', {
                  versions: h.engineVersions.map((v) => t('headline.engineVersion', { version: v.version, n: num(v.answers) })).join(', '),
                })}
              </p>
            )}
          </section>
        );
      }}
    </Loaded>
  );
}
