/**
 * The verification code shown to receivers in docs/webhooks.md must keep working: extract the
 * ```js blocks, load them as a module, and check them against our signer.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generateWebhookSecret, signLegacy, signV1 } from '../../../src/features/webhooks/signing.js';
import { fromRoot } from '../../../src/lib/paths.js';

type Verifier = (rawBody: Buffer, header: string | undefined, secret: string, tolerance?: number) => boolean;

const dir = mkdtempSync(join(tmpdir(), 'sightline-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function loadSnippets(): Promise<{ verifyV1: Verifier; verifyLegacy: Verifier }> {
  const markdown = readFileSync(fromRoot('docs', 'webhooks.md'), 'utf8');
  const blocks = [...markdown.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  const imports = new Set<string>();
  const bodies = blocks.map((b) =>
    b.replace(/^import .*\n/gm, (line) => {
      imports.add(line);
      return '';
    }),
  );
  const file = join(dir, 'verify.mjs');
  writeFileSync(file, [...imports, ...bodies].join('\n'));
  return (await import(pathToFileURL(file).href)) as { verifyV1: Verifier; verifyLegacy: Verifier };
}

describe('docs/webhooks.md receiver code', () => {
  it('verifies our signatures and refuses bad ones', async () => {
    const { verifyV1, verifyLegacy } = await loadSnippets();
    const secret = generateWebhookSecret();
    const body = Buffer.from('{"eventId":"evt_1","data":{"title":"测试"}}');
    const now = Date.now() / 1000;
    expect(verifyV1(body, signV1(body, secret), secret)).toBe(true);
    expect(verifyV1(body, signV1(body, secret), generateWebhookSecret())).toBe(false);
    expect(verifyV1(body, undefined, secret)).toBe(false);
    expect(verifyLegacy(body, signLegacy(body, secret, now), secret)).toBe(true);
    expect(verifyLegacy(body, signLegacy(body, secret, now - 301), secret)).toBe(false);
    expect(verifyLegacy(Buffer.from(`${body} `), signLegacy(body, secret, now), secret)).toBe(false);
    expect(verifyLegacy(body, `t=${Math.floor(now)},v1=00,${signLegacy(body, secret, now).split(',')[1]}`, secret)).toBe(true);
    expect(verifyLegacy(body, undefined, secret)).toBe(false);
  });
});
