/**
 * The sliding-window counter, as pure arithmetic shared by every store (memory in JS, Redis in
 * Lua re-implements `estimate` only).
 *
 * A window of length W is cut into K slices of W/K. A counter keeps one count per slice. The
 * number of requests "in the last W" at time t is estimated as the full counts of the K most
 * recent slices (the current one included) plus the slice that is sliding out, weighted by the
 * part of it still inside the window. Only that one slice is approximated (its requests are
 * assumed evenly spread), so the estimate is off by at most a fraction of one slice's count:
 * with K = 60 an hourly window errs by under a minute's worth of traffic, and a client can never
 * spend the limit twice across the top of a window the way fixed windows allow.
 */

export interface WindowSpec {
  /** Requests allowed within any `windowMs`. */
  limit: number;
  windowMs: number;
  /** K: slices per window; windowMs must be a multiple of it. */
  slices: number;
}

/** [slice index, count] pairs; slice index = floor(epochMs / sliceMs). Any order. */
export type Buckets = ReadonlyArray<readonly [number, number]>;

export const SLICES = 60;

export function sliceMs(spec: WindowSpec): number {
  return spec.windowMs / spec.slices;
}

/** Estimated requests in (now - W, now]. */
export function estimate(buckets: Buckets, spec: WindowSpec, now: number): number {
  const size = sliceMs(spec);
  const current = Math.floor(now / size);
  const outgoing = current - spec.slices;
  const insideFraction = 1 - (now - current * size) / size;
  let total = 0;
  for (const [index, count] of buckets) {
    if (index > outgoing && index <= current) total += count;
    else if (index === outgoing) total += count * insideFraction;
  }
  return total;
}

const EPSILON = 1e-9;

export function fits(buckets: Buckets, spec: WindowSpec, now: number, cost: number): boolean {
  return estimate(buckets, spec, now) + cost <= spec.limit + EPSILON;
}

/** Whole requests still allowed now. */
export function remaining(buckets: Buckets, spec: WindowSpec, now: number): number {
  return Math.max(0, Math.floor(spec.limit - estimate(buckets, spec, now) + EPSILON));
}

/** When every request now counted has slid out, i.e. the full limit is available again (epoch ms). */
export function fullResetAt(buckets: Buckets, spec: WindowSpec, now: number): number {
  const size = sliceMs(spec);
  const oldestCounted = Math.floor(now / size) - spec.slices;
  let newest = -Infinity;
  for (const [index, count] of buckets) if (count > 0 && index >= oldestCounted && index > newest) newest = index;
  return newest === -Infinity ? now : (newest + spec.slices + 1) * size;
}

/**
 * How long (whole ms) until `cost` more requests fit, if nothing else is charged meanwhile. Exact for the
 * estimate above: walks forward slice by slice; within a slice the estimate falls linearly as
 * the outgoing slice slides out, so the moment it fits is solved directly.
 */
export function waitMs(buckets: Buckets, spec: WindowSpec, now: number, cost: number): number {
  if (cost > spec.limit) return spec.windowMs;
  const size = sliceMs(spec);
  const current = Math.floor(now / size);
  const counts = new Map<number, number>();
  for (const [index, count] of buckets) counts.set(index, (counts.get(index) ?? 0) + count);
  for (let step = current; step <= current + spec.slices + 1; step++) {
    let full = 0;
    for (const [index, count] of counts) if (index > step - spec.slices && index <= current) full += count;
    const outgoing = counts.get(step - spec.slices) ?? 0;
    const room = spec.limit - cost - full;
    if (room < -EPSILON) continue;
    // full + outgoing × (1 − f) ≤ limit − cost  ⇔  f ≥ 1 − room / outgoing
    const fraction = outgoing === 0 ? 0 : Math.max(0, 1 - room / outgoing);
    const at = Math.max(now, step * size + fraction * size);
    if (at < (step + 1) * size || fraction === 0) return Math.max(0, Math.ceil(at - now)); // whole ms: clocks tick in ms
  }
  return spec.windowMs;
}
