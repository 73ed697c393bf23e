import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | undefined;

/**
 * The checkout's root (the folder holding Sightline's package.json). Code runs from `src/`
 * under vitest and from `dist/src/` after a build, so paths to committed assets
 * (migrations, the built dashboard) are resolved from here, not from import.meta.url.
 */
export function projectRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string };
      if (pkg.name === 'sightline') {
        cachedRoot = dir;
        return dir;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the Sightline project root');
    dir = parent;
  }
}

export function fromRoot(...parts: string[]): string {
  return join(projectRoot(), ...parts);
}
