/**
 * The committed generated types match what the server's current document produces. When this
 * fails, the API changed: run `npm run -w @sightline/client generate` and commit the result.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderGenerated } from '../scripts/render.js';

describe('generated client types', () => {
  it('are fresh against the served /api/v1/openapi.json and the legacy schemas', async () => {
    const rendered = await renderGenerated();
    for (const [name, text] of Object.entries(rendered)) {
      const committed = readFileSync(new URL(`../src/generated/${name}`, import.meta.url), 'utf8');
      expect(committed === text, `packages/client/src/generated/${name} is stale: run \`npm run -w @sightline/client generate\` and commit it`).toBe(true);
    }
    expect(rendered['v1.ts']).toContain('"/api/v1/probes/{id}"');
  }, 120_000);
});
