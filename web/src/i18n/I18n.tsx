/** React side of i18n: the chosen locale (saved in localStorage), `t` and the formatters bound to it. */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import * as format from '../lib/format.js';
import { detectLocale, isLocale, translateKnown, translator, type Locale, type Translate } from './messages.js';

const STORAGE_KEY = 'sightline.locale';

export interface I18n {
  locale: Locale;
  setLocale(locale: Locale): void;
  t: Translate;
  /** The message for a key made from an API value (`intent.faq`), or `fallback` when none exists. */
  known(key: string, fallback: string): string;
  num(value: number | null | undefined, digits?: number): string;
  pct(ratio: number | null | undefined, digits?: number): string;
  ci(interval: readonly number[] | null | undefined): string;
  usd(value: number | null | undefined): string;
  dateTime(iso: string | null | undefined): string;
  day(day: string | null | undefined): string;
  wait(seconds: number): string;
}

function initialLocale(): Locale {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLocale(saved)) return saved;
  } catch {
    // Storage blocked (privacy mode): fall back to the browser's language.
  }
  return detectLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

const Context = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const setLocale = useCallback((next: Locale) => {
    setLocaleState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not persisted; the choice still holds for this page.
    }
  }, []);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const value = useMemo<I18n>(
    () => ({
      locale,
      setLocale,
      t: translator(locale),
      known: (key, fallback) => translateKnown(locale, key, fallback),
      num: (v, d) => format.formatNumber(locale, v, d),
      pct: (v, d) => format.formatPercent(locale, v, d),
      ci: (v) => format.formatInterval(locale, v),
      usd: (v) => format.formatUsd(locale, v),
      dateTime: (v) => format.formatDateTime(locale, v),
      day: (v) => format.formatDay(locale, v),
      wait: (s) => format.formatWait(locale, s),
    }),
    [locale, setLocale],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(Context);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
