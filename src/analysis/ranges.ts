import type { Span } from './types.js';

/** Sorted, merged set of half-open ranges with O(log n) membership. */
export class RangeSet {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(spans: Span[]) {
    const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
    for (const s of sorted) {
      const last = this.ends.length - 1;
      if (last >= 0 && s.start <= this.ends[last]!) {
        this.ends[last] = Math.max(this.ends[last]!, s.end);
      } else {
        this.starts.push(s.start);
        this.ends.push(s.end);
      }
    }
  }

  get size(): number {
    return this.starts.length;
  }

  has(i: number): boolean {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (i < this.starts[mid]!) hi = mid - 1;
      else if (i >= this.ends[mid]!) lo = mid + 1;
      else return true;
    }
    return false;
  }
}
