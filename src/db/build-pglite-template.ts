/** Build step (`npm run build`): writes dist/pglite-template.tar; see pglite-template.ts. */
import { buildTemplate } from './pglite-template.js';

const path = await buildTemplate();
process.stdout.write(`PGlite template: ${path}\n`);
