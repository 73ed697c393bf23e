/**
 * Short forms answers often use ("瑞幸咖啡" → "瑞幸", "Luckin Coffee" → "Luckin"), offered as
 * buttons while the user types a brand name: the free check and the brand form share it, so a
 * brand is never created blind to the name the platforms actually say.
 */
import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { AliasSuggestionList } from '../api/types.js';
import { useI18n } from '../i18n/I18n.js';
import { splitList } from './ui.js';

export function useAliasSuggestions(name: string): string[] {
  const [suggested, setSuggested] = useState<string[]>([]);
  useEffect(() => {
    const trimmed = name.trim();
    if (trimmed.length < 2) return setSuggested([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<AliasSuggestionList>('/api/check/alias-suggestions', { public: true, query: { name: trimmed }, signal: controller.signal })
        .then((r) => setSuggested(r.aliases))
        .catch(() => setSuggested([]));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [name]);
  return suggested;
}

/** "a, b" plus one more name, without duplicates. */
export const withAlias = (current: string, alias: string) => splitList(current).concat(alias).filter((v, i, a) => a.indexOf(v) === i).join(', ');

export function AliasSuggestions({ suggested, aliases, onAdd }: { suggested: string[]; aliases: string; onAdd: (alias: string) => void }) {
  const { t } = useI18n();
  const pending = suggested.filter((s) => !splitList(aliases).includes(s));
  if (pending.length === 0) return null;
  return (
    <p className="muted small" data-testid="alias-suggestions">
      {t('check.aliasSuggest')}{' '}
      {pending.map((alias) => (
        <button key={alias} type="button" className="small secondary" onClick={() => onAdd(alias)}>
          + {alias}
        </button>
      ))}
    </p>
  );
}
