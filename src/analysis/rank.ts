/**
 * Rank of a target: the rank of the first (document order) recommendation entry whose lead names
 * it. An entry is not eligible when it belongs to a source list, or when it is a bullet under a
 * numbered entry that itself names a tracked brand ("### 1. 华为" followed by "- 优点：比小米…"
 * is a detail list about 华为, not a ranking that places 小米 first).
 */
import type { Hit } from './matcher.js';
import type { RankEntry } from './markdown.js';
import type { Span } from './types.js';

function hitsIn(hits: readonly Hit[], span: Span): Hit[] {
  return hits.filter((h) => h.start >= span.start && h.start < span.end);
}

export function ranksByTarget(entries: readonly RankEntry[], hits: readonly Hit[], targetCount: number): Array<number | null> {
  const ranks: Array<number | null> = new Array<number | null>(targetCount).fill(null);
  let unresolved = targetCount;
  for (const entry of entries) {
    if (unresolved === 0) break;
    if (entry.source) continue;
    if (entry.parent !== null && hitsIn(hits, entry.parent.lead).length > 0) continue;
    for (const h of hitsIn(hits, entry.lead)) {
      if (ranks[h.target] === null) {
        ranks[h.target] = entry.rank;
        unresolved--;
      }
    }
  }
  return ranks;
}
