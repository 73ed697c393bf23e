/** `npm run -w @sightline/client generate`: rewrites src/generated/ from the server's current document. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderGenerated } from './render.js';

const rendered = await renderGenerated();
for (const [name, text] of Object.entries(rendered)) {
  const path = fileURLToPath(new URL(`../src/generated/${name}`, import.meta.url));
  writeFileSync(path, text);
  process.stdout.write(`wrote ${path}\n`);
}
