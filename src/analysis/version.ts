/**
 * Version of the reading rules the engine implements. Recorded in every analysis
 * (`AnswerAnalysis.engineVersion`, so in `answers.analysis` for stored answers): a figure can be
 * traced to the engine that produced it. Bump the minor version when a rule changes what is read
 * (a mention, rank, sentiment or citation), the major when the output shape changes.
 *   1.x: before measurement-rules.md (normalised citation urls, ranked tables).
 *   2.0: measurement-rules.md adopted (verbatim urls + normalizedUrl, grouped lists, caution
 *        sections, word segmentation and sense decisions).
 */
export const ENGINE_VERSION = '2.0.0';
