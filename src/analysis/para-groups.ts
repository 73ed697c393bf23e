/**
 * Grouped numbered paragraphs (measurement-rules.md §2, grouped items). Chinese answers often
 * nest one numbering style inside another without Markdown lists:
 *
 *   一、国产品牌            ← group 1
 *   （1）老板：…            ← sub-item: rank 1
 *   （2）方太：…            ← sub-item: rank 1
 *   二、进口品牌            ← group 2
 *   （1）西门子：…          ← sub-item: rank 2
 *
 * When the inner numbering RESTARTS under at least two groups, the inner entries are the groups'
 * sub-items: each takes its group's rank and must lead with the name (rank.ts). Numbering that
 * continues across the groups (1–3 under 一、, 4–6 under 二、) stays one list with its own numbers,
 * and so do the items of the one product section when the other sections are steps, tips or advice.
 * The groups are numbered headings ("### 一、常温奶") and 一、 / （一） paragraphs, outer to inner.
 */
import type { RankEntry } from './markdown.js';

export interface ParagraphRun {
  style: string;
  entries: RankEntry[];
}

/**
 * Nesting level of a numbering style: headings, then 一、, then （一）, then every item style; the
 * bracketed item styles （1） / 1） also nest under 1、 (price tiers "1、3000 元以内" then "（1）X").
 */
function levelOf(style: string): number {
  if (style === 'heading') return 0;
  if (style === 'cn') return 1;
  if (style === 'paren-cn') return 2;
  // Emoji bullets (• 李宁 飞电：…) under keycap or 1、 groups are the groups' sub-items.
  if (style === 'paren' || style === 'close-paren' || style.startsWith('bullet')) return 4;
  return 3;
}

/**
 * Re-ranks the inner entries of `runs` under their groups. Returns the entries of runs too short
 * to be a list on their own (a single "（1）" under a group) that became sub-items.
 */
export function nestParagraphRuns(
  runs: readonly ParagraphRun[],
  headings: readonly RankEntry[],
  accepted: ReadonlySet<RankEntry>,
  advice: (group: RankEntry) => boolean = () => false,
): RankEntry[] {
  const groups: Array<{ entry: RankEntry; level: number }> = [
    ...headings.map((entry) => ({ entry, level: 0 })),
    ...runs.filter((r) => levelOf(r.style) < 4).flatMap((r) => r.entries.filter((e) => accepted.has(e)).map((entry) => ({ entry, level: levelOf(r.style) }))),
  ].sort((a, b) => a.entry.lead.start - b.entry.lead.start);
  const added: RankEntry[] = [];
  for (const style of new Set(runs.map((r) => r.style))) {
    const level = levelOf(style);
    if (level === 0) continue;
    const inner = runs
      .filter((r) => r.style === style)
      .flatMap((r) => r.entries)
      .sort((a, b) => a.lead.start - b.lead.start);
    const placed = inner.map((entry) => {
      let group: RankEntry | null = null;
      for (const g of groups) {
        if (g.entry.lead.start >= entry.lead.start) break;
        if (g.level < level) group = g.entry;
      }
      return { entry, group };
    });
    const distinct = new Set(placed.map((p) => p.group).filter((g) => g !== null));
    // Bullets carry no number of their own: a bullet run split across groups restarts by itself.
    const restarts = placed.some((p, i) => i > 0 && p.group !== placed[i - 1]!.group && (style.startsWith('bullet') || p.entry.rank <= placed[i - 1]!.entry.rank));
    if (distinct.size < 2 || !restarts) continue;
    // "一、推荐机型" (1、2、 products) then "二、使用技巧" (1、2、 tips): sections, not groups of one
    // grouped list. Only one section holds products, so they rank by their own numbers (§2).
    const productGroups = [...distinct].filter((g) => !advice(g)).length;
    if (productGroups < distinct.size && productGroups < 2) continue;
    for (const { entry, group } of placed) {
      if (group === null) continue;
      entry.rank = group.rank;
      entry.parent = group;
      entry.leadStart = true;
      if (!accepted.has(entry)) added.push(entry);
    }
  }
  return added;
}
