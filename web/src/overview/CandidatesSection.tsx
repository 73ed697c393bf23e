/**
 * What the answers say that the brand's setup misses: names that look like another form of the
 * brand or a competitor (so those mentions are not counted yet) and brands named often that are
 * not tracked. One click adds an alias or a competitor; it applies to runs from now on. Shown
 * under the headline, and only when there is something to act on (a 0 % caused by a missing
 * alias must be the first thing the user sees, not a footnote).
 */
import { useState } from 'react';
import { endpoints } from '../api/endpoints.js';
import type { Brand } from '../api/types.js';
import { ErrorNotice, Notice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';

export function CandidatesSection({ brand, onChanged }: { brand: Brand; onChanged: () => void }) {
  const { t, pct, num } = useI18n();
  const [load, reload] = useApi((signal) => endpoints.competitorCandidates(brand.id, signal), [brand.id]);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = async (patch: Record<string, unknown>, note: string) => {
    setError(null);
    try {
      await endpoints.updateBrand(brand.id, patch);
      setDone(note);
      reload();
      onChanged();
    } catch (caught) {
      setError(caught);
    }
  };
  const competitors = brand.competitors ?? [];
  const addAlias = (name: string, of: string) =>
    of === 'brand'
      ? save({ aliases: [...(brand.aliases ?? []), name] }, t('candidates.aliasAdded', { name, of: brand.name }))
      : save(
          { competitors: competitors.map((c) => (c.name === of ? { name: c.name, aliases: [...c.aliases, name] } : c)) },
          t('candidates.aliasAdded', { name, of }),
        );
  const track = (name: string, aliases: string[]) =>
    save({ competitors: [...competitors, { name, aliases }] }, t('candidates.tracked', { name }));
  if (load.state !== 'ready') return null;
  const { candidates, aliasCandidates = [], answersRead, days } = load.data;
  if (candidates.length === 0 && aliasCandidates.length === 0 && !done) return null;
  return (
    <section
      className={`card${aliasCandidates.length > 0 ? ' candidates-warn' : ''}`}
      aria-labelledby="candidates-title"
      data-section="candidates"
      data-state="ready"
    >
      <div className="card-head">
        <h2 id="candidates-title">{t('candidates.title')}</h2>
      </div>
      <p className="hint">{t('candidates.intro', { n: num(answersRead), days })}</p>
      {done && <Notice kind="success">{done}</Notice>}
      {error ? <ErrorNotice error={error} /> : null}
      {aliasCandidates.length > 0 && (
        <>
          <h3>{t('candidates.aliasesTitle')}</h3>
          <ul className="plain candidate-list" data-testid="alias-candidates">
            {aliasCandidates.map((c) => (
              <li key={`${c.of}/${c.name}`}>
                <span>
                  {t('candidates.aliasLine', {
                    name: c.name,
                    of: c.of === 'brand' ? brand.name : c.of,
                    n: num(c.answers),
                    share: pct(c.share),
                  })}
                </span>{' '}
                <button type="button" className="small secondary" onClick={() => void addAlias(c.name, c.of)}>
                  {t('candidates.addAlias')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {candidates.length > 0 && (
        <>
          <h3>{t('candidates.competitorsTitle')}</h3>
          <ul className="plain candidate-list" data-testid="competitor-candidates">
            {candidates.map((c) => (
              <li key={c.name}>
                <span>{t('candidates.competitorLine', { name: c.name, n: num(c.answers), share: pct(c.share) })}</span>{' '}
                <button type="button" className="small secondary" onClick={() => void track(c.name, c.aliasSuggestions)}>
                  {t('candidates.track')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
