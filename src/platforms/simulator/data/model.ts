/** Shapes of the simulator's category catalogue (kept apart so data files import no logic). */

export interface Brand {
  zh: string;
  en: string;
  /** Official site, without scheme. */
  domain: string;
  /** What the brand is known for, one short phrase per language. */
  noteZh: string;
  noteEn: string;
}

export interface Bilingual {
  zh: readonly string[];
  en: readonly string[];
}

export interface Category {
  id: string;
  zh: string;
  en: string;
  /** Substrings that identify the category in a Chinese prompt. */
  keywordsZh: readonly string[];
  /** Lower-case phrases that identify the category in an English prompt. */
  keywordsEn: readonly string[];
  pros: Bilingual;
  cons: Bilingual;
  /** Review and shopping sites (domains) answers in this category tend to cite. */
  sources: Bilingual;
  brands: readonly Brand[];
}

/**
 * A category's brands from a table, one brand a line: `zh | en | domain | noteZh | noteEn`.
 * A table rather than one call a brand, so the data files read as data (and stay short).
 */
export function brands(table: string): Brand[] {
  return table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      if (cells.length !== 5) throw new Error(`simulator brand row needs 5 cells: ${line}`);
      const [zh, en, domain, noteZh, noteEn] = cells as [string, string, string, string, string];
      return { zh, en, domain, noteZh, noteEn };
    });
}

/** Chinese list, then its English counterpart. */
export type ZhEn = readonly [zh: readonly string[], en: readonly string[]];

/** What a category is recognised by and what answers say about its brands, each as a Chinese and an English list. */
export interface CategoryFacts {
  keywords: ZhEn;
  pros: ZhEn;
  cons: ZhEn;
  sources: ZhEn;
}

const bilingual = ([zh, en]: ZhEn): Bilingual => ({ zh, en });

/** Compact constructor so a category reads as its names, one line a fact list, then the brands table. */
export function category(id: string, zh: string, en: string, facts: CategoryFacts, brands: readonly Brand[]): Category {
  const [keywordsZh, keywordsEn] = facts.keywords;
  return { id, zh, en, keywordsZh, keywordsEn, pros: bilingual(facts.pros), cons: bilingual(facts.cons), sources: bilingual(facts.sources), brands };
}
