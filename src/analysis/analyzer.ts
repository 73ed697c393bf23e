/**
 * The analysis pipeline for one answer. Pure: no I/O, no global state beyond immutable tables.
 *
 * 1. URLs (the scanners in urls.ts, original text) and Markdown link targets → ranges where names don't count;
 * 2. fold the text (NFKC, lower case) keeping an offset map back to the original;
 * 3. one matcher pass finds every candidate of every target (brand = target 0, competitors 1..),
 *    then sense.ts keeps those that refer to the brand (word segmentation, brand evidence);
 * 4. only if something was mentioned: Markdown structure → rank; clauses → sentiment;
 * 5. position/snippet per target from the original text; citations from the URL spans.
 */
import { citationsFrom } from './citations.js';
import { foldText } from './fold.js';
import { parseStructure } from './markdown.js';
import { MentionMatcher, type Hit } from './matcher.js';
import { withModelName } from './model-names.js';
import { SenseJudge, type SenseDecision } from './sense.js';
import { RangeSet } from './ranges.js';
import { isSentenceAfter, isSentenceLead, ranksByTarget } from './rank.js';
import { sentimentsByTarget, type TargetFeatures } from './sentiment.js';
import { sentenceAround } from './snippet.js';
import type { AnswerAnalysis, BrandAnalysis, BrandTarget, Sentiment } from './types.js';
import { findLinkTargetSpans, findUrlSpans } from './urls.js';
import { ENGINE_VERSION } from './version.js';

export interface Analyzer {
  analyze(text: string, platformCitations?: string[]): AnswerAnalysis;
  /** The same analysis plus every decision behind it (`sightline analyze --explain`). */
  explain(text: string, platformCitations?: string[]): { analysis: AnswerAnalysis; decisions: string[]; features: TargetFeatures[] };
}

/** Trace of one analysis, filled only when explaining. */
export interface Trace {
  sense: SenseDecision[];
  entries: string[];
  /** Per target: the sums its sentiment label was decided from. */
  sentiment: TargetFeatures[];
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
const hitKey = (h: Hit, text: string): string => text.slice(h.start, h.end).replace(/\s+/g, ' ');

function sanitizeTarget(target: BrandTarget | null | undefined): BrandTarget {
  const t = target ?? { name: '' };
  const name = typeof t.name === 'string' ? t.name : String(t.name ?? '');
  const aliases = Array.isArray(t.aliases) ? t.aliases.filter((a): a is string => typeof a === 'string') : [];
  const exclusions = Array.isArray(t.exclusions) ? t.exclusions.filter((a): a is string => typeof a === 'string') : [];
  return { ...t, name, aliases, exclusions };
}

function emptyAnalysis(): BrandAnalysis {
  return { mentioned: false, position: null, rank: null, sentiment: null, snippet: null, mentionCount: 0 };
}

function analyzeWith(
  matcher: MentionMatcher,
  judge: SenseJudge,
  targets: readonly BrandTarget[],
  text: string,
  platformCitations: readonly unknown[],
  trace: Trace | null = null,
): AnswerAnalysis {
  const urlSpans = findUrlSpans(text);
  // A scheme-less bare domain hides a name inside it ("huawei.com" is not a mention of Huawei),
  // unless the name IS that domain ("Booking.com", "Monday.com" are brand names).
  const bare = urlSpans.filter((s) => s.kind === 'bare');
  const masked = new RangeSet([...urlSpans.filter((s) => s.kind !== 'bare'), ...findLinkTargetSpans(text)]);
  const bareMasked = new RangeSet(bare);
  const bareExact = new Set(bare.map((s) => `${s.start}:${s.end}`));
  const isMasked = (start: number, end: number): boolean =>
    masked.has(start) || (bareMasked.has(start) && !bareExact.has(`${start}:${end}`));
  const folded = foldText(text);
  const candidates = matcher.find(folded, text, masked.size + bareMasked.size > 0 ? isMasked : null);
  const hits = judge.judge(folded, text, candidates, trace?.sense ?? null);

  let ranks: Array<number | null> = targets.map(() => null);
  let sentiments: Array<Sentiment | null> = targets.map(() => null);
  if (hits.length > 0) {
    const structure = parseStructure(folded.text);
    ranks = ranksByTarget(folded.text, structure.entries, hits, targets.length);
    if (trace !== null) {
      for (const e of structure.entries) {
        const named = hits.filter((h) => h.start >= e.lead.start && h.start < (e.after?.end ?? e.lead.end)).map((h) => targets[h.target]!.name);
        if (named.length === 0) continue;
        const lead = folded.text.slice(e.lead.start, e.lead.end).trim().slice(0, 60);
        const shape = e.leadStart === true ? ', sub-item of a group' : isSentenceLead(folded.text, e.lead) ? ', a sentence: only a name opening it ranks' : '';
        const label = e.after !== undefined && isSentenceAfter(folded.text, e.after) ? '; a sentence after the label: no title' : '';
        trace.entries.push(`rank entry ${e.rank} (${e.kind}${shape}${label}) "${lead}" names ${[...new Set(named)].join(', ')}${e.source ? ` — not ranked: ${e.why ?? 'source list'}` : ''}`);
      }
    }
    // A name that leads an item of a caution section is advised against (rules §3).
    const cautioned = new Set<number>();
    for (const e of structure.entries) {
      if (e.why?.startsWith('caution') !== true) continue;
      for (const h of hits) if (h.start >= e.lead.start && h.start < (e.after?.end ?? e.lead.end)) cautioned.add(h.target);
    }
    // The next name bounds a model name ("La Roche-Posay Anthelios" where Anthelios is an alias).
    // Built by push, not Array.prototype.map: map's result array has a different elements kind in
    // the interpreter than when TurboFan inlines it, and every function that loops over `named`
    // deoptimised ('wrong map') each time analyzeWith changed tier.
    const named: Hit[] = [];
    for (let i = 0; i < hits.length; i++) named.push(withModelName(hits[i]!, folded.text, text, folded.origin, hits[i + 1]?.start ?? folded.text.length));
    const ranked: boolean[] = [];
    for (const r of ranks) ranked.push(r !== null);
    sentiments = sentimentsByTarget(folded.text, named, structure.scopes, targets.length, cautioned, structure.steps, trace?.sentiment ?? null, ranked);
  }

  const byTarget: Hit[][] = targets.map(() => []);
  for (const h of hits) byTarget[h.target]!.push(h);
  const perTarget = targets.map((_, t): BrandAnalysis => {
    const own = byTarget[t]!;
    const first = own[0];
    if (first === undefined) return emptyAnalysis();
    const position = folded.origin[first.start]!;
    return {
      mentioned: true,
      position,
      rank: ranks[t] ?? null,
      sentiment: sentiments[t] ?? { label: 'neutral', score: 0 },
      snippet: sentenceAround(text, position),
      mentionCount: own.length,
    };
  });

  // Built field by field rather than by object spread (spreading objects of two shapes per target
  // was a measurable share of the analysis); the key order is the same as before, so is the JSON.
  const brand = perTarget[0] ?? emptyAnalysis();
  const competitors: AnswerAnalysis['competitors'] = [];
  for (let t = 1; t < perTarget.length; t++) {
    const c = perTarget[t]!;
    competitors.push({ name: targets[t]!.name, mentioned: c.mentioned, position: c.position, rank: c.rank, sentiment: c.sentiment, snippet: c.snippet, mentionCount: c.mentionCount });
  }
  return {
    mentioned: brand.mentioned,
    position: brand.position,
    rank: brand.rank,
    sentiment: brand.sentiment,
    snippet: brand.snippet,
    mentionCount: brand.mentionCount,
    engineVersion: ENGINE_VERSION,
    citations: citationsFrom(text, urlSpans, platformCitations),
    competitors,
  };
}

/**
 * Compile the matcher once for a brand and its competitors; `analyze` is then cheap per answer.
 * `analyze` never throws: should an unforeseen input break a stage, the answer is reported as
 * not mentioning anything rather than failing a whole probe run (the property tests exercise
 * `analyzeStrict`, which has no such net).
 */
export function createAnalyzer(brand: BrandTarget, options?: { competitors?: BrandTarget[] }): Analyzer {
  const targets = [sanitizeTarget(brand), ...(Array.isArray(options?.competitors) ? options.competitors : []).map(sanitizeTarget)];
  const matcher = new MentionMatcher(targets);
  const judge = new SenseJudge(targets, hitKey);
  const strict = (text: string, platformCitations?: string[], trace: Trace | null = null): AnswerAnalysis =>
    analyzeWith(matcher, judge, targets, typeof text === 'string' ? text : '', Array.isArray(platformCitations) ? platformCitations : [], trace);
  return {
    explain(text: string, platformCitations?: string[]) {
      const trace: Trace = { sense: [], entries: [], sentiment: [] };
      const analysis = strict(text, platformCitations, trace);
      const decisions = [
        ...trace.sense.map((d) => `${d.accepted ? 'mention' : 'rejected'} ${targets[d.target]!.name} "${d.name}" at ${d.position}: ${d.reason}`),
        ...trace.entries,
        ...trace.sentiment.flatMap((f, t) => {
          const s = t === 0 ? analysis.sentiment : analysis.competitors[t - 1]?.sentiment;
          if (f === undefined || s === null || s === undefined) return [];
          const { rule } = f;
          const notes = [rule.advised ? 'advised against' : '', rule.verdict ? 'balanced verdict' : '', rule.even ? 'pros and cons even' : ''].filter(Boolean);
          return [`sentiment ${targets[t]!.name}: ${s.label} ${s.score} from pros ${round2(rule.pros)} (${f.proCount} clauses), cons ${round2(rule.cons)} (${f.conCount}), ${f.zeroCount} neutral${notes.length > 0 ? `; ${notes.join(', ')}` : ''}`];
        }),
      ];
      return { analysis, decisions, features: trace.sentiment };
    },
    analyze(text: string, platformCitations?: string[]): AnswerAnalysis {
      try {
        return strict(text, platformCitations);
      } catch {
        return {
          ...emptyAnalysis(),
          engineVersion: ENGINE_VERSION,
          citations: [],
          competitors: targets.slice(1).map((t) => ({ name: t.name, ...emptyAnalysis() })),
        };
      }
    },
  };
}

/** Same pipeline without the safety net (tests use it to prove no stage throws). */
export function analyzeStrict(text: string, brand: BrandTarget, competitors: BrandTarget[] = [], platformCitations: string[] = []): AnswerAnalysis {
  const targets = [sanitizeTarget(brand), ...competitors.map(sanitizeTarget)];
  return analyzeWith(new MentionMatcher(targets), new SenseJudge(targets, hitKey), targets, text, platformCitations);
}
