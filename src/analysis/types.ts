/**
 * Public shapes of the analysis engine. Other modules code against these names: fields may be
 * added, never renamed or removed.
 */

export interface BrandTarget {
  name: string;
  aliases?: string[];
  website?: string | null;
  /**
   * Extra phrases that contain one of the names but mean something else (e.g. "小米粥" for 小米).
   * They extend the built-in sense rules in `sense-rules.ts`.
   */
  exclusions?: string[];
  /**
   * Latin names that are also common words ("Apple", "Notion") only count when written with a
   * capital letter. Default: decided by the built-in common-word list; set to force either way.
   */
  requireCapitalized?: boolean;
  /**
   * The name is also an ordinary word (苹果, 理想, Notion), so an occurrence needs brand evidence
   * in context (sense.ts). Default: detected from a common-word lexicon per language.
   */
  ambiguous?: boolean;
}

export interface AnalyzeOptions {
  competitors?: BrandTarget[];
  platformCitations?: string[];
}

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

export interface Sentiment {
  label: SentimentLabel;
  /** In [-1, 1]; see `sentiment.ts` for the label thresholds. */
  score: number;
}

export interface BrandAnalysis {
  mentioned: boolean;
  /** JS string index (UTF-16 code units) in the ORIGINAL text of the first mention. */
  position: number | null;
  /** 1-based rank in the answer's recommendation list, null when not in one. */
  rank: number | null;
  /** Toward this brand (clauses about it); null when not mentioned. */
  sentiment: Sentiment | null;
  /** The sentence around the first mention, trimmed, at most ~240 chars. */
  snippet: string | null;
  mentionCount: number;
}

export interface Citation {
  /** The URL exactly as written in the answer (measurement-rules.md §4): the evidence. */
  url: string;
  /** Grouping key: lower-case host, no fragment/tracking parameters, one trailing-slash rule. */
  normalizedUrl: string;
  /** Registrable domain of the URL (tldts), e.g. "bbc.co.uk". */
  domain: string;
  context: string;
  source: 'text' | 'link' | 'platform';
}

export interface CompetitorAnalysis extends BrandAnalysis {
  name: string;
}

export interface AnswerAnalysis extends BrandAnalysis {
  /** The engine version that produced this analysis (version.ts). */
  engineVersion: string;
  citations: Citation[];
  competitors: CompetitorAnalysis[];
}

/** A half-open range [start, end) of UTF-16 code units. */
export interface Span {
  start: number;
  end: number;
}
