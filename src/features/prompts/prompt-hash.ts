/**
 * The stable identity of a question: sha256 of its normalised text. The same question asked from
 * two packs (or typed with full-width characters or extra spaces) has the same hash, so history,
 * rollups and citations (`promptHash` on the v1 surface) line up across packs.
 */
import { createHash } from 'node:crypto';

/** NFKC (full-width → ASCII), lower case, whitespace collapsed, trailing punctuation kept. */
export function normalisePrompt(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function promptHash(text: string): string {
  return createHash('sha256').update(normalisePrompt(text)).digest('hex');
}
