/**
 * A single value cached for a time, with single flight: callers arriving while it is
 * being computed share one computation instead of stampeding the database or platforms.
 */
export interface Cached<T> {
  get(): Promise<{ value: T; hit: boolean; ageMs: number }>;
  /** The cached value while fresh, without a promise (hot paths); undefined when get() must compute. */
  peek(): { value: T; ageMs: number } | undefined;
  clear(): void;
}

export function cached<T>(
  compute: () => Promise<T>,
  ttlMs: (value: T) => number,
  now: () => number = Date.now,
): Cached<T> {
  let entry: { value: T; at: number; expires: number } | undefined;
  let inFlight: Promise<T> | undefined;
  return {
    peek() {
      const t = now();
      return entry && t < entry.expires ? { value: entry.value, ageMs: t - entry.at } : undefined;
    },
    async get() {
      const t = now();
      if (entry && t < entry.expires) return { value: entry.value, hit: true, ageMs: t - entry.at };
      if (!inFlight) {
        inFlight = compute()
          .then((value) => {
            const at = now();
            entry = { value, at, expires: at + ttlMs(value) };
            return value;
          })
          .finally(() => {
            inFlight = undefined;
          });
      }
      const value = await inFlight;
      return { value, hit: false, ageMs: 0 };
    },
    clear() {
      entry = undefined;
    },
  };
}
