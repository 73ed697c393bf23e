/**
 * A migrated, empty PGlite data directory saved as a tarball at build time. Creating a PGlite
 * cluster runs initdb inside WebAssembly (~2 s here); loading this template instead takes
 * ~0.4-0.8 s, which keeps a fresh `npm start` under its 3 s bar and every embedded test database
 * cheap. The template is used only when it matches this PGlite version and these migrations;
 * otherwise the database is created the slow way, with the same result.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fromRoot } from '../lib/paths.js';
import { migrationsFolder } from './migrate.js';

const templateFile = () => fromRoot('dist', 'pglite-template.tar');
const manifestFile = () => fromRoot('dist', 'pglite-template.json');

/** What the template was made from: the PGlite version and every migration file's content. */
function fingerprint(): string {
  const hash = createHash('sha256');
  const pkg = JSON.parse(readFileSync(fromRoot('node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  hash.update(pkg.version);
  const folder = migrationsFolder();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(folder);
  return hash.digest('hex');
}

/** The template as a Blob, or undefined when there is none or it is stale. */
export function loadTemplate(): Blob | undefined {
  try {
    if (!existsSync(templateFile()) || !existsSync(manifestFile())) return undefined;
    const manifest = JSON.parse(readFileSync(manifestFile(), 'utf8')) as { fingerprint?: string };
    if (manifest.fingerprint !== fingerprint()) return undefined;
    return new Blob([readFileSync(templateFile())]);
  } catch {
    return undefined;
  }
}

/** Builds the template (the build step and the test setup call this). Returns its path. */
export async function buildTemplate(): Promise<string> {
  const pg = await PGlite.create();
  try {
    await migrate(drizzle(pg), { migrationsFolder: migrationsFolder() });
    const dump = await pg.dumpDataDir('none');
    mkdirSync(dirname(templateFile()), { recursive: true });
    writeFileSync(templateFile(), Buffer.from(await dump.arrayBuffer()));
    writeFileSync(manifestFile(), JSON.stringify({ fingerprint: fingerprint(), createdAt: new Date().toISOString() }));
    return templateFile();
  } finally {
    await pg.close();
  }
}

/** Builds the template unless a matching one exists. */
export async function ensureTemplate(): Promise<void> {
  if (!loadTemplate()) await buildTemplate();
}
