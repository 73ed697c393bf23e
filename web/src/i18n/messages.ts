/**
 * The i18n core, pure (no DOM, no React): pick a locale from the browser's language list,
 * translate a key with {placeholders}. Two small typed dictionaries instead of a library.
 */
import type { Locale } from '../lib/format.js';
import { en, type MessageKey, type Messages } from './en.js';
import { zhCN } from './zh-CN.js';

export type { MessageKey, Locale };
export const LOCALES: readonly Locale[] = ['zh-CN', 'en'];
const dictionaries: Record<Locale, Messages> = { en, 'zh-CN': zhCN };

/** The first of the user's languages that we speak; Chinese of any region reads zh-CN. */
export function detectLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const lower = language.toLowerCase();
    if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
  }
  return 'en';
}

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'zh-CN';
}

export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;

export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const template = dictionaries[locale][key] ?? en[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A message for a key built from data (an API's enum value), or the value itself when there is none. */
export function translateKnown(locale: Locale, key: string, fallback: string): string {
  return key in en ? translate(locale, key as MessageKey) : fallback;
}

export function translator(locale: Locale): Translate {
  return (key, params) => translate(locale, key, params);
}
