/**
 * The brands a monitoring run is about (the adapter's simulation hint): the brand under test and
 * its competitors. Each gets a platform-specific "presence" — how often that platform names it in
 * an answer that does not ask about it — that is stable per platform and name, drifts a little
 * from day to day, and favours the script of the answer's language (a brand known by its Chinese
 * name is named more on Chinese answers). Whether one answer names it is drawn from the answer's
 * own random stream, which includes the sample (run), so repeated runs on a day are distinct draws.
 */
import type { PlatformId } from '../types.js';
import { BRAND_INDEX, type Brand, type Category } from './categories.js';
import type { Language } from './prompt.js';
import { hashString, type Random } from './random.js';

export interface Tracked {
  name: string;
  aliases: string[];
}

export interface SimulationHint {
  subject: Tracked;
  competitors: Tracked[];
  sample: string;
}

const CJK = /[\u3400-\u9fff]/;
const MAX_NAMES = 20;

function trackedOf(value: unknown): Tracked | undefined {
  const v = value as { name?: unknown; aliases?: unknown } | null;
  if (typeof v?.name !== 'string' || v.name.trim() === '') return undefined;
  const aliases = Array.isArray(v.aliases) ? v.aliases.filter((a): a is string => typeof a === 'string' && a.trim() !== '').slice(0, MAX_NAMES) : [];
  return { name: v.name.trim().slice(0, 100), aliases };
}

/** The header value → a hint; anything malformed is ignored (the answer is then the plain one). */
export function decodeHint(header: string | string[] | undefined): SimulationHint | undefined {
  if (typeof header !== 'string' || header === '' || header.length > 8_192) return undefined;
  try {
    const raw = JSON.parse(decodeURIComponent(header)) as { subject?: unknown; competitors?: unknown; sample?: unknown };
    const subject = trackedOf(raw.subject);
    if (!subject) return undefined;
    const competitors = Array.isArray(raw.competitors) ? raw.competitors.map(trackedOf).filter((c): c is Tracked => c !== undefined).slice(0, MAX_NAMES) : [];
    return { subject, competitors, sample: typeof raw.sample === 'string' ? raw.sample.slice(0, 100) : '' };
  } catch {
    return undefined;
  }
}

const unit = (key: string): number => hashString(key) / 4294967296;

/**
 * How often `platform` names this brand unprompted, on `day`, in an answer in `language`:
 * a base rate per platform × name — in [0.15, 0.85] for a brand the simulator does not know, and
 * for a known one falling with its place in the category (leaders are named most) ±0.15 by
 * platform — ±0.08 of daily drift, and a language affinity (−0.3 when the brand has no name in
 * the answer's script).
 */
export function presence(t: Tracked, platform: PlatformId, day: string, language: Language, popularity?: number): number {
  const spread = unit(`presence\n${platform}\n${t.name}`);
  const base = popularity === undefined ? 0.15 + 0.7 * spread : 0.9 - 0.07 * popularity + (spread - 0.5) * 0.3;
  const drift = (unit(`drift\n${platform}\n${t.name}\n${day}`) - 0.5) * 0.16;
  const names = [t.name, ...t.aliases];
  const hasScript = names.some((n) => (language === 'zh' ? CJK.test(n) : !CJK.test(n)));
  return Math.min(0.95, Math.max(0.02, base + drift - (hasScript ? 0 : 0.3)));
}

/** How the answer writes the name: the form in the answer's script, sometimes an alias. */
export function spokenName(t: Tracked, language: Language, random: Random): string {
  const names = [t.name, ...t.aliases];
  const inScript = names.filter((n) => (language === 'zh' ? CJK.test(n) : !CJK.test(n)));
  const pool = inScript.length > 0 ? inScript : names;
  // Short forms are what people (and models) say: "瑞幸" more often than "瑞幸咖啡".
  const sorted = [...pool].sort((a, b) => a.length - b.length);
  return random.chance(0.6) ? (sorted[0] as string) : random.pick(pool);
}

/**
 * The catalogue's entry for a tracked brand, when the simulator knows it (so notes and sites are
 * right), with its place in the asked category (undefined when it belongs to another one).
 */
export function catalogueBrand(t: Tracked, category: Category): { brand: Brand; popularity: number | undefined } | undefined {
  const names = [t.name, ...t.aliases].map((n) => n.toLowerCase());
  const matches = (b: Brand) => names.some((n) => n === b.zh.toLowerCase() || n === b.en.toLowerCase() || (CJK.test(b.zh) && b.zh.length >= 2 && n.startsWith(b.zh)));
  const index = category.brands.findIndex(matches);
  if (index >= 0) return { brand: category.brands[index]!, popularity: index };
  const other = BRAND_INDEX.find((r) => matches(r.brand))?.brand;
  return other ? { brand: other, popularity: undefined } : undefined;
}

/** A brand the simulator does not know, described with the category's usual praise. */
export function inventedBrand(t: Tracked, category: Category, random: Random): Brand {
  const latin = [t.name, ...t.aliases].find((n) => /^[A-Za-z0-9 .&'-]+$/.test(n));
  const domain = latin ? `${latin.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com` : '';
  return { zh: t.name, en: latin ?? t.name, domain, noteZh: random.pick(category.pros.zh), noteEn: random.pick(category.pros.en) };
}
