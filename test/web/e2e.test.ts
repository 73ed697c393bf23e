/**
 * The dashboard end to end in Debian's Chromium (playwright-core): the free check (happy path and
 * the daily limit), sign up → brand → probe → overview charts → API key → webhook → test event at a
 * local HTTPS receiver → sign out, session expiry, language switch, phone width, and the overview
 * of a brand with 90 days of history interactive within 1.5 s (Performance API). Screenshots go to
 * test-artifacts/ (git-ignored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_VERSION } from '../../src/analysis/index.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { hasChromium, openPage, type OpenPage } from '../support/web/browser.js';
import { overflow } from '../support/web/page-globals.js';
import { seedHistory } from '../support/history.js';
import type { Headline } from '../../web/src/api/types.js';

if (!hasChromium) console.warn('[web e2e] SKIPPED: /usr/bin/chromium is not installed (apt-get install chromium fonts-wqy-microhei; CI installs .ci/apt-packages).');

const PASSWORD = 'a long enough password';
const INTERACTIVE_BUDGET_MS = 1_500;

// Functions run in the page. The test project has no DOM types, so the page's globals are typed
// here as far as these functions read them; strings would need eval, which the dashboard's CSP rightly refuses.
type PageGlobals = {
  document: { querySelectorAll(selector: string): Iterable<Element>; documentElement: { lang: string } };
  performance: { now(): number; getEntriesByType(type: 'navigation'): [{ domInteractive: number }] };
};
/** Every overview section settled (none "loading"), every chart drawn. */
const overviewSettled = () => {
  const { document } = globalThis as unknown as PageGlobals;
  const sections: Element[] = [...document.querySelectorAll('[data-section]')];
  const charts: Element[] = [...document.querySelectorAll('.chart')];
  // A chart still waiting for its lazy module is a .chart-placeholder without data-chart-ready.
  return sections.length >= 8 && sections.every((s) => s.getAttribute('data-state') !== 'loading') && charts.length > 0 && charts.every((c) => c.getAttribute('data-chart-ready') === 'true');
};
type Element = { getAttribute(name: string): string | null };
/** Milliseconds since navigation start (Performance API), and the document's domInteractive. */
const pageTimings = (): { interactive: number; domInteractive: number } => {
  const { performance } = globalThis as unknown as PageGlobals;
  return { interactive: performance.now(), domInteractive: performance.getEntriesByType('navigation')[0].domInteractive };
};
const pageEval = {
  lang: (): string => (globalThis as unknown as PageGlobals).document.documentElement.lang,
  me: () => fetch('/api/me').then((r) => r.json()) as Promise<{ account: { id: string }; user: { id: string }; tier: 'free' }>,
  meStatus: () => fetch('/api/me').then((r) => r.status),
};

describe.skipIf(!hasChromium)('dashboard in a real browser', () => {
  // Console errors too: CSP violations and React errors surface there.
  let { server, browser, page, errors, shot, view, signUp, close } = {} as OpenPage;
  let receiver: Receiver;
  let brandId: string | undefined;

  beforeAll(async () => {
    ({ server, browser, page, errors, shot, view, signUp, close } = await openPage({ consoleErrors: true }));
    receiver = await startReceiver((_req, res) => res.end('ok'));
  }, 300_000);

  afterAll(async () => {
    await close?.();
    await receiver?.close();
  });

  it('free check: per-platform summary with Chinese platform names and the checks left', async () => {
    await page.goto(server.baseUrl + '/');
    await page.getByLabel('Brand name').fill('Sightline Coffee');
    await page.getByLabel('Industry or category').fill('coffee machines');
    await page.getByLabel(/Competitors/).fill('Acme, Brewmaster');
    await page.getByRole('button', { name: 'Run free check' }).click();
    const results = page.getByTestId('check-results');
    await results.waitFor({ timeout: 30_000 });
    // Names come from /api/status: 深度求索 (deepseek), Kimi（月之暗面）, 豆包 (doubao).
    await expect(results.getByRole('cell', { name: '深度求索' })).toBeTruthy();
    expect(await results.textContent()).toContain('豆包');
    expect(await page.getByTestId('remaining').textContent()).toMatch(/Free checks left today: 4/);
    await shot('free-check');
  });

  it('free check: the daily limit reached shows when the next check is possible', async () => {
    // Use up the address's remaining checks outside the page (same IP: 127.0.0.1).
    for (let i = 0; i < 4; i++) {
      const res = await fetch(server.baseUrl + '/api/check/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ brand_name: 'Filler' }) });
      expect(res.status).toBe(200);
    }
    await page.getByRole('button', { name: 'Run free check' }).click();
    const notice = page.getByText('Daily limit reached');
    await notice.waitFor({ timeout: 15_000 });
    expect(await page.locator('.notice-warn').textContent()).toMatch(/next one is available in \d+ (hr|min)/);
    await shot('free-check-limit');
  });

  it('sign up lands on the brands page, signed in', async () => {
    await page.goto(server.baseUrl + '/signup');
    await page.getByLabel('E-mail').fill(`e2e-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/brands');
    await page.getByRole('heading', { name: 'Brands', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  });

  it('creates a brand, runs a probe with progress, and the overview charts render with data', async () => {
    await page.getByLabel('Brand name').fill('Lumen Coffee');
    await page.getByLabel('Category').fill('coffee machines');
    await page.getByLabel(/Competitors/).fill('Acme, Brewmaster');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/brands\/[^/]+$/);
    brandId = decodeURIComponent(page.url().split('/').pop()!);
    await page.getByRole('button', { name: 'Run a probe now' }).click();
    await page.getByTestId('probe-done').waitFor({ timeout: 90_000 });
    // One day of answers is no trend: the card says how many more days, and its numbers are a table.
    const visibility = page.locator('[data-section="visibility"]');
    await visibility.getByTestId('trend-pending').waitFor({ timeout: 15_000 });
    expect(await visibility.getByTestId('trend-pending').textContent()).toMatch(/6 more to go\. So far: .+ \d+(\.\d)?% \(n \d+\)/);
    await page.getByTestId('headline-visibility').waitFor();
    expect(await page.getByTestId('headline-trend').textContent()).toContain('6 more days');
    // Share of voice against the competitors (and, once answers rank the brand, average rank) per platform.
    expect(await page.locator('[data-section="platforms"] [data-chart-ready="true"] svg').count()).toBeGreaterThanOrEqual(1);
    await shot('brand-overview');
  }, 120_000);

  it('creates a v1 key that is shown once, then lists only its prefix', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByLabel(/^Name/).fill('CI export');
    await page.getByLabel('write').check();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const key = (await page.getByTestId('new-key').textContent())!;
    expect(key).toMatch(/^sk_live_/);
    expect(await page.getByText('It is shown only once').count()).toBe(1);
    await shot('keys-created');
    await page.reload();
    await page.getByRole('cell', { name: 'CI export' }).waitFor();
    expect(await page.getByTestId('new-key').count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    // Revoke asks first (inline, keyboard reachable), then the key is gone from the list.
    await page.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('group', { name: /Revoke key sk_live_/ });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No data yet.').waitFor();
    const revoked = await fetch(server.baseUrl + '/api/v1/brands', { headers: { authorization: `Bearer ${key}` } });
    expect(revoked.status).toBe(401);
  });

  it('creates a webhook (secret once) and a test event reaches the local receiver', async () => {
    if (!brandId) {
      // No cookie brand API yet: the brand is created through the service for this account.
      const me = await page.evaluate(pageEval.me);
      const brand = await server.container.services.brands.create({ accountId: me.account.id, userId: me.user.id, tier: me.tier }, { name: 'Lumen Coffee', category: 'coffee' });
      brandId = brand.id;
    }
    await page.goto(`${server.baseUrl}/brands/${encodeURIComponent(brandId)}/webhooks`);
    await page.getByLabel('Name', { exact: true }).fill('Ops receiver');
    await page.getByLabel('Receiving address').fill(receiver.url('/hook'));
    expect(await page.getByText('Must be HTTPS').count()).toBe(1);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    expect(await page.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_/);
    const hook = page.getByTestId('webhook');
    await hook.waitFor();
    await hook.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(receiver.received[0]!.headers['x-service-signature']).toBeDefined();
    await hook.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(async () => (await hook.getByTestId('delivery-status').allTextContents()).join(','), { timeout: 15_000 }).toMatch(/deliver|succe/i);
    await shot('webhooks');
  });

  it('rewrites text for AI answers (AEO): sections, score and JSON-LD to copy', async () => {
    await page.goto(server.baseUrl + '/tools');
    await page.getByLabel('Your text').fill('Lumen Coffee makes espresso machines. They heat up in 30 seconds and come with a two-year warranty.');
    await page.getByRole('textbox', { name: 'Brand', exact: true }).fill('Lumen Coffee');
    await page.getByLabel('Audience').fill('home baristas');
    await page.getByRole('button', { name: 'Rewrite' }).click();
    const result = page.getByTestId('aeo-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toMatch(/Structure score: \d+/);
    const jsonld = JSON.parse((await result.locator('pre').textContent())!) as Record<string, unknown>;
    expect(JSON.stringify(jsonld)).toContain('FAQPage');
    await shot('content-tools');
  }, 90_000);

  it('an expired session sends the user to sign in with a message, not a blank page', async () => {
    await page.goto(server.baseUrl + '/tools');
    await page.getByRole('heading', { name: 'Content tools', level: 1 }).waitFor();
    const cookies = await browser.context.cookies();
    await browser.context.clearCookies();
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.waitForURL(/\/signin\?/);
    await page.getByText('Your session has ended').waitFor();
    await browser.context.addCookies(cookies);
  });

  it('switches to Chinese and back; numbers and labels follow', async () => {
    await page.goto(server.baseUrl + '/');
    await page.getByLabel('Language').selectOption('zh-CN');
    await page.getByRole('heading', { name: 'AI 回答里能看到你的品牌吗？' }).waitFor();
    expect(await page.evaluate(pageEval.lang)).toBe('zh-CN');
    await shot('free-check-zh');
    await page.getByLabel('语言').selectOption('en');
    await page.getByRole('heading', { name: 'Is your brand visible in AI answers?' }).waitFor();
  });

  it('fits a phone screen without sideways scrolling', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(server.baseUrl + '/');
    await page.getByRole('button', { name: 'Run free check' }).waitFor();
    expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
    await shot('free-check-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('signs out', async () => {
    await page.goto(server.baseUrl + '/brands');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/signin');
    expect(await page.evaluate(pageEval.meStatus)).toBe(401);
  });

  it('the overview of a brand with 90 days of history is interactive within 1.5 s', async () => {
    const who = await signUp(`perf-${Date.now()}@example.com`, { password: PASSWORD });
    const brand = await server.container.services.brands.create(who, { name: 'History Coffee', category: 'coffee' });
    const stored = await seedHistory(server.container, who, brand, 90);
    expect(stored).toBe(90 * 8 * 8);

    const measure = async () => {
      await page.goto(`${server.baseUrl}/brands/${brand.id}?days=90`);
      // Interactive = every section settled (no "loading"), the charts drawn, the probe button enabled.
      await page.waitForFunction(overviewSettled, undefined, { timeout: 20_000, polling: 'raf' });
      return page.evaluate(pageTimings);
    };
    await measure(); // warm: the first visit also compiles the server's routes and loads the chart chunk
    const timings = [await measure(), await measure(), await measure()];
    const best = Math.min(...timings.map((t) => t.interactive));
    const median = timings.map((t) => t.interactive).sort((a, b) => a - b)[1]!;
    console.log(`[web e2e] overview with 90 days of history interactive in ${Math.round(median)} ms (median of 3; best ${Math.round(best)} ms; domInteractive ${Math.round(timings[0]!.domInteractive)} ms)`);
    await shot('brand-overview-90-days');

    // Every headline figure on the page is the API's figure for the same window; branded prompts
    // (which name the brand) are counted apart, not in the headline. English at 1440 px, Chinese at 390 px.
    const api = await page.evaluate((id: string) => fetch(`/api/dashboard/headline?brand_id=${id}&days=90`).then((r) => r.json() as Promise<Headline>), brand.id);
    expect(api.answers.branded).toBe(90 * 8 * 2);
    expect(api.visibility.n).toBe(api.answers.unbranded);
    // 90 days of answers: both figures have a sample, so a value.
    expect(api.brandedVisibility.value).toBeGreaterThan(api.visibility.value!);
    const shown = async () => {
      const out: Record<string, string | null> = {};
      for (const id of ['visibility', 'shareOfVoice', 'averagePosition', 'netSentiment']) out[id] = await page.getByTestId(`headline-${id}`).getAttribute('data-value');
      return out;
    };
    const expected = Object.fromEntries((['visibility', 'shareOfVoice', 'averagePosition', 'netSentiment'] as const).map((id) => [id, String(api[id].value ?? '')]));
    for (const [width, locale, title] of [[1440, 'en', 'Headline (unbranded prompts)'], [390, 'zh-CN', '核心指标（非品牌问题）']] as const) {
      await view(locale, { width });
      await page.goto(`${server.baseUrl}/brands/${brand.id}?days=90`);
      await page.getByRole('heading', { name: title }).waitFor();
      expect(await shown()).toEqual(expected);
      expect(await page.getByTestId('headline-visibility-value').textContent()).toContain((api.visibility.value! * 100).toFixed(1));
      // Small print: the engine version the window's answers were read by, as the API says.
      expect(api.engineVersions).toEqual([{ version: ENGINE_VERSION, answers: api.answers.branded + api.answers.unbranded }]);
      expect(await page.getByTestId('headline-engine').getAttribute('data-versions')).toBe(ENGINE_VERSION);
      expect(await page.getByTestId('headline-engine').textContent()).toContain(locale === 'en' ? `analysis engine ${ENGINE_VERSION}` : `分析引擎 ${ENGINE_VERSION}`);
      expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
      await page.getByTestId('headline-visibility').getByRole('button').click();
      await page.getByTestId('headline-visibility').getByRole('note').waitFor();
      await shot(`brand-overview-headline-${locale}-${width}`);
    }
    await view('en', { width: 1280 });
    // The 1.5 s budget is a performance bar: measured and recorded (bench/README.md, "Overview
    // draw time"), not asserted, as for every other bar (the brief: performance is measured, not
    // asserted in tests). A CI machine shared by two test workers cannot hold a wall-clock budget.
    if (median >= INTERACTIVE_BUDGET_MS) console.warn(`[web e2e] overview budget of ${INTERACTIVE_BUDGET_MS} ms NOT met: median ${Math.round(median)} ms`);
  }, 180_000);

  it('raised no page errors or CSP violations', () => {
    expect(errors).toEqual([]);
  });
});
