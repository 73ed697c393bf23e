/**
 * Authority scores (docs/metrics.md, "Authority"): pure functions of the brand's last 30 days of
 * answers and citations. All scores are 0–100 except citationDensity (a 0–1 share of answers).
 *
 *  experience        = 100 × mention rate on desire + action prompts (recommended when people choose)
 *  expertise         = 100 × rank quality (1 at rank 1 … 0.1 at rank 10; unranked mention 0.5)
 *  authoritativeness = 100 × share of mentioning answers that cite an authoritative third party
 *  trustworthiness   = 100 × (positive + ½ neutral mentions) / mentions
 *  eeatScore         = mean of the four
 *  citationDensity   = answers citing the brand's own domain / answers
 *  geoScore          = 100 × (0.5 × visibility + 0.25 × rank quality + 0.25 × citationDensity)
 */
import { rankQuality, type AnswerCounts } from '../metrics/counts.js';
import { round4 } from '../metrics/wilson.js';

export const AUTHORITY_DAYS = 30;

/** Hosts whose citation lends authority (a host matches itself and its subdomains). */
export const AUTHORITATIVE_HOSTS = [
  'wikipedia.org', 'baike.baidu.com', 'baike.sogou.com', 'britannica.com', 'reuters.com', 'bloomberg.com', 'apnews.com',
  'nytimes.com', 'wsj.com', 'ft.com', 'bbc.com', 'bbc.co.uk', 'economist.com', 'theverge.com', 'techcrunch.com', 'wired.com',
  'consumerreports.org', 'who.int', 'nature.com', 'sciencedirect.com', 'gartner.com', 'forrester.com', 'people.com.cn',
  'xinhuanet.com', 'news.cn', 'caixin.com', 'yicai.com', 'thepaper.cn', 'cctv.com', '36kr.com',
];
/** Government, education and academic hosts (.gov, .gov.cn, .edu, .edu.cn, .ac.uk, …). */
export const AUTHORITATIVE_SUFFIX = '\\.(gov|edu|ac|mil)(\\.[a-z]{2})?$';

export interface AuthorityInputs {
  /** All answers of the window. */
  counts: AnswerCounts;
  /** Answers to desire and action prompts. */
  decisionCounts: AnswerCounts;
  /** Answers citing the brand's own registrable domain. */
  ownCitedAnswers: number;
  /** Answers mentioning the brand that cite an authoritative third-party host. */
  authoritativeMentions: number;
}

export interface AuthorityScore {
  geoScore: number;
  eeatScore: number;
  citationDensity: number;
  subscores: { experience: number; expertise: number; authoritativeness: number; trustworthiness: number };
  sampleSize: number;
}

const score = (x: number) => Math.round(Math.min(100, Math.max(0, x * 100)) * 10) / 10;

export function authorityOf(input: AuthorityInputs): AuthorityScore {
  const c = input.counts;
  const mentions = c.mentions;
  const neutrals = mentions - c.positives - c.negatives;
  const visibility = c.answers > 0 ? c.mentions / c.answers : 0;
  const quality = rankQuality(c);
  const density = c.answers > 0 ? input.ownCitedAnswers / c.answers : 0;
  const subscores = {
    experience: score(input.decisionCounts.answers > 0 ? input.decisionCounts.mentions / input.decisionCounts.answers : 0),
    expertise: score(quality),
    authoritativeness: score(mentions > 0 ? input.authoritativeMentions / mentions : 0),
    trustworthiness: score(mentions > 0 ? (c.positives + 0.5 * neutrals) / mentions : 0),
  };
  const eeat = (subscores.experience + subscores.expertise + subscores.authoritativeness + subscores.trustworthiness) / 4;
  return {
    geoScore: score(0.5 * visibility + 0.25 * quality + 0.25 * density),
    eeatScore: Math.round(eeat * 10) / 10,
    citationDensity: round4(density),
    subscores,
    sampleSize: c.answers,
  };
}
