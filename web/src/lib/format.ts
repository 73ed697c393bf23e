/**
 * Locale-aware formatting, pure (no DOM): the tests run it in Node. Dates are shown in the
 * user's time zone (Intl's default) unless a zone is passed; calendar days ("2025-03-01", the
 * API's daily buckets, which are UTC days) are shown as that day, never shifted by the zone.
 */
export type Locale = 'en' | 'zh-CN';

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = locale + JSON.stringify(options);
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** "—" for missing values: an honest blank, never a made-up zero. */
export const DASH = '—';

export function formatNumber(locale: Locale, value: number | null | undefined, maximumFractionDigits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

/** A 0–1 ratio as a percentage, e.g. 0.4237 → "42.4%" (en) / "42.4%" (zh-CN). */
export function formatPercent(locale: Locale, ratio: number | null | undefined, fractionDigits = 1): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return DASH;
  return numberFormat(locale, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: fractionDigits }).format(ratio);
}

/** A confidence interval of two ratios: "31.2%–48.9%". */
export function formatInterval(locale: Locale, interval: readonly number[] | null | undefined): string {
  if (!interval || interval.length < 2) return DASH;
  return `${formatPercent(locale, interval[0])}–${formatPercent(locale, interval[1])}`;
}

export function formatUsd(locale: Locale, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return numberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 4 }).format(value);
}

/** An ISO instant in the user's time zone (or `timeZone`), date and minutes. */
export function formatDateTime(locale: Locale, iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return DASH;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return DASH;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** A calendar day "YYYY-MM-DD" (or an ISO instant's UTC day), formatted without zone shifting. */
export function formatDay(locale: Locale, day: string | null | undefined): string {
  if (!day) return DASH;
  const date = new Date(day.length === 10 ? `${day}T00:00:00Z` : day);
  if (Number.isNaN(date.getTime())) return DASH;
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Seconds to wait (Retry-After) as "3 hr, 20 min" / "3小时20分钟". */
export function formatWait(locale: Locale, seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds / 60));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(numberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'short' }).format(hours));
  if (minutes > 0 || hours === 0) parts.push(numberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(Math.max(1, minutes)));
  return parts.join(locale === 'zh-CN' ? '' : ' ');
}
