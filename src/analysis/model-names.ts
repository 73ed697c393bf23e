/**
 * A product line written after a brand is part of the name, not a judgement of it (rules §3:
 * sentiment comes from what is said ABOUT the brand): "Lindt Excellence 85%", "Bose QuietComfort
 * Ultra", "Kindle Paperwhite Signature", "华为 Mate 60 Pro". The sentiment pass blanks names before
 * reading a clause's words, so without this "Excellence" or "Perfect" in a model name reads as praise.
 *
 * A model token follows the name after at most one space and, in the ORIGINAL text, starts with a
 * capital letter or a digit or holds a capital (iPhone, eero Pro 6E). Title-case prose stops it:
 * function words and the usual heading words ("Notion Is the Best Choice", "Sony Pros") are no
 * model names. At most four tokens.
 */
import type { Hit } from './matcher.js';

const TOKEN = /[a-z0-9][a-z0-9+-]*(?:\.\d+)?/y;
const MAX_TOKENS = 4;
const NOT_A_MODEL = new Set(
  (
    'is are was were be been has have had do does did can could will would may might should must ' +
    'the a an and or nor but if so as of for with to from by in on at into over under vs versus via per ' +
    'it its it’s this that these those which who whose what when where why how than then also still now ' +
    'pros cons advantages disadvantages strengths weaknesses verdict summary review reviews overview note tip tips ' +
    'bottom line best better worst top great good bad avoid skip offers gets costs makes'
  ).split(' '),
);
const CAPITAL_OR_DIGIT = /[A-Z0-9]/;

/** The hit with its end moved past the model tokens that follow it (folded offsets). */
export function withModelName(hit: Hit, folded: string, original: string, origin: Int32Array, limit: number): Hit {
  let end = hit.end;
  for (let n = 0; n < MAX_TOKENS; n++) {
    const at = folded.charCodeAt(end) === 0x20 ? end + 1 : end;
    TOKEN.lastIndex = at;
    const token = TOKEN.exec(folded);
    if (token === null || token.index + token[0].length > limit || NOT_A_MODEL.has(token[0])) break;
    // Glued to a Latin name without a space ("iPhone15" is matched by the name itself) only digits follow.
    if (at === end && /[a-z0-9]/.test(folded[end - 1] ?? '') && !/^\d/.test(token[0])) break;
    const written = original.slice(origin[at]!, origin[at + token[0].length]!);
    if (!CAPITAL_OR_DIGIT.test(written)) break;
    end = at + token[0].length;
  }
  return end === hit.end ? hit : { target: hit.target, start: hit.start, end };
}
