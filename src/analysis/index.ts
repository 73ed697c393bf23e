/**
 * Sightline analysis engine: pure text analysis of one LLM answer for a brand and its
 * competitors (mentions, rank, sentiment, snippet, citations). No I/O, no side effects.
 */
import { createAnalyzer } from './analyzer.js';
import type { AnalyzeOptions, AnswerAnalysis, BrandTarget } from './types.js';

export type {
  AnalyzeOptions,
  AnswerAnalysis,
  BrandAnalysis,
  BrandTarget,
  Citation,
  CompetitorAnalysis,
  Sentiment,
  SentimentLabel,
} from './types.js';
export { createAnalyzer, type Analyzer } from './analyzer.js';
export { extractCitations, normalizeUrl, registrableDomain } from './citations.js';
export { POSITIVE_THRESHOLD, NEGATIVE_THRESHOLD } from './sentiment.js';
export { ENGINE_VERSION } from './version.js';

/** Convenience for a single answer; compile once with `createAnalyzer` for many answers. */
export function analyzeAnswer(text: string, brand: BrandTarget, options?: AnalyzeOptions): AnswerAnalysis {
  return createAnalyzer(brand, { competitors: options?.competitors ?? [] }).analyze(text, options?.platformCitations);
}
