/**
 * Day windows. Rollups are per UTC day, so a window of `days` days is today (UTC, partial) and
 * the `days - 1` full days before it: days = 1 means "today so far".
 */
/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

export const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

export interface DayWindow {
  days: number;
  /** First day included (YYYY-MM-DD). */
  from: string;
  /** Last day included (today, UTC). */
  to: string;
  /** Start of `from` as an instant, for queries on timestamps. */
  since: Date;
}

export function dayWindow(days: number, now: number): DayWindow {
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const start = todayStart - (days - 1) * DAY_MS;
  return { days, from: utcDay(start), to: utcDay(todayStart), since: new Date(start) };
}

/** Every day of the window in order, so a day without answers is a row of zeros, not a gap. */
export function daysOf(window: DayWindow): string[] {
  const out: string[] = [];
  const start = Date.parse(`${window.from}T00:00:00Z`);
  for (let i = 0; i < window.days; i++) out.push(utcDay(start + i * DAY_MS));
  return out;
}

export const addDays = (day: string, n: number): string => utcDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
