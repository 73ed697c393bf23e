/**
 * Fastify lets a route option be one value or a list (`method`, and each hook such as
 * `onRequest`); the onRoute hooks that read or extend them want a list either way.
 */
export function listOf<T>(value: T | readonly T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? [...value] : [value as T];
}
