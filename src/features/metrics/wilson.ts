/**
 * The one confidence-interval helper of the service: every reported rate goes through `rate()`,
 * so it always travels with its sample size and a 95 % Wilson score interval (docs/metrics.md).
 * Wilson rather than the normal approximation because it stays inside [0, 1] and is still
 * honest at n = 1 or 2, which is exactly where a brand team would otherwise over-read a number.
 */

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959964;
/** z for a two-sided 99 % interval (detectors that test many platforms at once). */
export const Z99 = 2.575829;

export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** Wilson score interval of `successes` out of `n`; [0, 1] when n = 0 (nothing is known). */
export function wilson(successes: number, n: number, z = Z95): [number, number] {
  if (!(n > 0)) return [0, 1];
  const k = Math.min(Math.max(successes, 0), n);
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // Exact ends: with no failures (or no successes) the bound is exactly 1 (or 0).
  const low = k === 0 ? 0 : Math.max(0, centre - half);
  const high = k === n ? 1 : Math.min(1, centre + half);
  return [round4(low), round4(high)];
}

/** A rate as every endpoint reports it. `rate` is null when there is no sample (n = 0). */
export interface Rate {
  rate: number | null;
  ciLow: number;
  ciHigh: number;
  n: number;
  successes: number;
}

export function rate(successes: number, n: number, z = Z95): Rate {
  const [ciLow, ciHigh] = wilson(successes, n, z);
  return { rate: n > 0 ? round4(successes / n) : null, ciLow, ciHigh, n, successes };
}

/** True when the intervals do not overlap and `a` lies above `b`: a difference worth acting on. */
export function clearlyAbove(a: Rate, b: Rate): boolean {
  return a.n > 0 && b.n > 0 && a.ciLow > b.ciHigh;
}
