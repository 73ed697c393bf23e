/**
 * One rule for every route, applied by the validation layer: no string anywhere in a request
 * (body, query, path, and object keys) may carry a NUL character or a lone UTF-16 surrogate.
 * PostgreSQL refuses both (NUL in text; an unpaired surrogate cannot be encoded as UTF-8), so
 * they would otherwise surface as a 500 from deep inside a write; here they are a 400 naming
 * the field. The walk is bounded by the JSON depth limit (src/http/json-body.ts).
 */

// An unpaired high surrogate, an unpaired low surrogate, or NUL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses.
const HOSTILE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const HOSTILE_STRING_MESSAGE = 'must not contain NUL characters or unpaired UTF-16 surrogates';

export function isHostileString(value: string): boolean {
  return HOSTILE.test(value);
}

/** The JSON-pointer path ("/brand", "/items/0/text") of the first hostile string, or undefined. */
export function findHostileString(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isHostileString(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findHostileString(value[i], `${path}/${i}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    if (isHostileString(key)) return `${path}/${key.replace(HOSTILE, '?')}`;
    const found = findHostileString(child, `${path}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}
