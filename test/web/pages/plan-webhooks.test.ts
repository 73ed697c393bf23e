/**
 * Issue 16's housekeeping pages and the overview's comparison in Chromium, in English and Chinese
 * at 1440 and 390 px: the plan page (tier, quotas used and left, the next tier) and the brand
 * limit said on the brand form before submitting; webhooks from the main menu with plain event
 * names, a failing one shown as failing with its next retry, and test results that are what the
 * receiver answered; the overview's headline equal to the API's figures with branded prompts
 * kept out, its competitor, stage and trend charts drawn; public pages without a 401 from
 * /api/me. Screenshots go to test-artifacts/.
 */
import { setThrottle } from '../../../src/features/monitoring/monitoring.repo.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWebhookAgents } from '../../../src/features/webhooks/transport.js';
import { startReceiver, type Receiver } from '../../support/webhook-receiver.js';
import { hasChromium, openPage, type OpenPage, type SignedUp } from '../../support/web/browser.js';
import { overflow } from '../../support/web/page-globals.js';
import { seedHistory } from '../../support/history.js';
import type { Headline, Throttles } from '../../../web/src/api/types.js';

const VIEWS = [
  { locale: 'en', width: 1440 },
  { locale: 'en', width: 390 },
  { locale: 'zh-CN', width: 1440 },
  { locale: 'zh-CN', width: 390 },
] as const;
const L = {
  en: {
    plan: 'Plan', webhooks: 'Webhooks', free: 'Free', starter: /What Starter adds/, test: 'Send test event', failing: /^Failing since /, working: 'Working',
    testOk: /^Test delivered: your receiver answered HTTP 200 in \d+ ms\.$/, testFailed: /^Test failed: HTTP 500\. Sightline will try again at .+\.$/,
    event: 'Alert raised', headline: 'Headline (unbranded prompts)', none: 'None waiting',
  },
  'zh-CN': {
    plan: '套餐', webhooks: 'Webhook', free: '免费版', starter: /入门版增加了什么/, test: '发送测试事件', failing: /^自 .+ 起投递失败$/, working: '正常',
    testOk: /^测试已送达：接收方返回 HTTP 200，耗时 \d+ 毫秒。$/, testFailed: /^测试失败：HTTP 500。Sightline 将于 .+ 重试。$/,
    event: '出现告警', headline: '核心指标（非品牌问题）', none: '无待重试',
  },
} as const;


describe.skipIf(!hasChromium)('plan, webhooks and the overview in a real browser', () => {
  let { server, page, errors, shot, view, signUp, close } = {} as OpenPage;
  let failing: Receiver;
  let healthy: Receiver;
  let who: SignedUp;
  let brandId: string;

  beforeAll(async () => {
    // Retries an hour apart: a failing webhook keeps a retry waiting that the page can show.
    ({ server, page, errors, shot, view, signUp, close } = await openPage({ env: { WEBHOOK_RETRY_DELAYS: '1h,2h' } }));
    failing = await startReceiver((_req, res) => {
      res.statusCode = 500;
      res.end('down');
    });
    healthy = await startReceiver();
  }, 300_000);
  afterAll(async () => {
    await close?.();
    closeWebhookAgents();
    await failing?.close();
    await healthy?.close();
  });

  it('public pages never ask /api/me for a visitor who never signed in', async () => {
    const unauthorized: string[] = [];
    const listener = (r: { status(): number; url(): string }) => {
      if (r.status() === 401) unauthorized.push(r.url());
    };
    page.on('response', listener);
    for (const path of ['/', '/signin', '/signup']) {
      await page.goto(server.baseUrl + path);
      await page.waitForLoadState('networkidle');
    }
    page.off('response', listener);
    expect(unauthorized).toEqual([]);
  });

  it('signs up a free account with one brand', async () => {
    who = await signUp(`plan-${Date.now()}@example.com`);
    const brand = await server.container.services.brands.create(who, { name: 'Plan Coffee', category: 'coffee' });
    brandId = brand.id;
  });

  for (const { locale, width } of VIEWS) {
    it(`plan page and the brand limit before submitting (${locale}, ${width} px)`, async () => {
      const l = L[locale];
      await view(locale, { width });
      await page.goto(server.baseUrl + '/brands');
      await page.getByRole('link', { name: l.plan, exact: true }).click();
      await page.waitForURL('**/plan');
      expect(await page.getByTestId('plan-tier').textContent()).toBe(l.free);
      expect(await page.getByTestId('quota-brands-used').textContent()).toContain('1 / 1');
      expect(await page.getByTestId('quota-brands-left').textContent()).toBe('0');
      expect(await page.getByTestId('quota-checksPerDay-left').textContent()).toBe('10');
      expect(await page.getByTestId('next-tier').getByRole('heading').textContent()).toMatch(l.starter);
      expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
      await shot(`plan-${locale}-${width}`);

      // The brand form says the plan is full before anything is typed, and cannot be submitted.
      await page.goto(server.baseUrl + '/brands');
      await page.getByTestId('brand-quota-full').waitFor();
      expect(await page.locator('form[aria-labelledby="create-brand"] button[type="submit"]').isDisabled()).toBe(true);
      expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
      await shot(`brands-quota-${locale}-${width}`);
    }, 60_000);
  }

  it('webhooks from the main menu: failing with its next retry, working, and truthful test results', async () => {
    const hooks = server.container.services.webhooks;
    await hooks.create(who, { brandId, name: 'Broken receiver', url: failing.url('/hook'), events: ['sentinel.triggered'], source: 'dashboard' });
    await hooks.create(who, { brandId, name: 'Healthy receiver', url: healthy.url('/hook'), events: ['sentinel.triggered'], source: 'dashboard' });

    for (const [i, { locale, width }] of VIEWS.entries()) {
      const l = L[locale];
      await view(locale, { width });
      await page.goto(server.baseUrl + '/brands');
      await page.getByRole('link', { name: l.webhooks, exact: true }).click();
      await page.waitForURL('**/webhooks');
      const broken = page.getByTestId('webhook').filter({ hasText: 'Broken receiver' });
      const fine = page.getByTestId('webhook').filter({ hasText: 'Healthy receiver' });
      await broken.waitFor();
      // Events in plain words (the identifier only as a tooltip).
      expect(await broken.locator('.facts li').allTextContents()).toEqual([l.event]);

      await broken.getByRole('button', { name: l.test }).click();
      const failed = broken.getByTestId('test-result');
      await failed.waitFor({ timeout: 20_000 });
      expect(await failed.getAttribute('data-status')).toBe('failed');
      expect(await failed.textContent()).toMatch(l.testFailed);
      await expect.poll(() => broken.getByTestId('webhook-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('failing');
      expect(await broken.getByTestId('webhook-state').textContent()).toMatch(l.failing);
      expect(await broken.getByTestId('next-retry').textContent()).not.toBe(l.none);

      await fine.getByRole('button', { name: l.test }).click();
      const ok = fine.getByTestId('test-result');
      await ok.waitFor({ timeout: 20_000 });
      expect(await ok.getAttribute('data-status')).toBe('succeeded');
      expect(await ok.textContent()).toMatch(l.testOk);
      await expect.poll(() => fine.getByTestId('webhook-state').textContent(), { timeout: 10_000 }).toBe(l.working);
      expect(await fine.getByTestId('next-retry').textContent()).toBe(l.none);
      expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
      await shot(`webhooks-${locale}-${width}`);
      expect(failing.received.length).toBe(i + 1);
    }
  }, 180_000);

  it('overview: the headline equals the API figures, branded prompts apart, every chart drawn', async () => {
    const owner = await signUp(`overview-${Date.now()}@example.com`);
    const brand = await server.container.services.brands.create(owner, { name: 'Trend Coffee', category: 'coffee', website: 'https://review-site-1.example' });
    await seedHistory(server.container, owner, brand, 14);
    const api = (await (await fetch(`${server.baseUrl}/api/dashboard/headline?brand_id=${brand.id}&days=30`, { headers: { cookie: owner.cookie } })).json()) as Headline;
    // Branded prompts (two per day per platform name the brand) are counted apart, never in the headline.
    expect(api.answers.branded).toBe(14 * 8 * 2);
    expect(api.visibility.n).toBe(api.answers.unbranded);
    // 14 days of answers: both figures have a sample, so a value.
    expect(api.brandedVisibility.value).toBeGreaterThan(api.visibility.value!);
    // Monitoring slowed one platform for this account after three 429s: the overview says so.
    await setThrottle(server.container.db, owner.accountId, 'kimi', { level: 1, reason: '3 consecutive 429 (rate limited) answers', since: new Date() });
    const throttled = (await (await fetch(`${server.baseUrl}/api/monitoring/throttles`, { headers: { cookie: owner.cookie } })).json()) as Throttles;
    expect(throttled.throttles).toHaveLength(1);
    const ids = ['visibility', 'shareOfVoice', 'averagePosition', 'netSentiment'] as const;
    const expected = Object.fromEntries(ids.map((id) => [id, String(api[id].value ?? '')]));

    for (const { locale, width } of VIEWS) {
      const l = L[locale];
      await view(locale, { width });
      await page.goto(`${server.baseUrl}/brands/${brand.id}?days=30`);
      await page.getByRole('heading', { name: l.headline }).waitFor();
      const shown: Record<string, string | null> = {};
      for (const id of ids) shown[id] = await page.getByTestId(`headline-${id}`).getAttribute('data-value');
      expect(shown).toEqual(expected);
      expect(await page.getByTestId('headline-visibility-value').textContent()).toContain((api.visibility.value! * 100).toFixed(1));
      expect(await page.getByTestId('headline-branded').textContent()).toContain(String(api.brandedVisibility.n));
      // No competitor configured: no share of voice (not 100 % of nothing), and the page says why.
      expect(await page.getByTestId('headline-shareOfVoice-value').textContent()).toBe('—');
      await page.getByTestId('no-competitors').waitFor();
      // The test server has no platform keys: the overview says its answers are simulated.
      await page.getByTestId('simulated-notice').waitFor();
      expect(await page.getByTestId('throttle-notice').textContent()).toContain(String(throttled.throttles[0]?.intervalHours));
      // 14 days of answers: a trend with its band and one run marker per day; stages and platforms as charts.
      await page.locator('[data-section="visibility"] [data-chart-ready="true"]').waitFor();
      await page.locator('[data-section="aida"] [data-chart-ready="true"]').waitFor();
      await expect.poll(() => page.locator('[data-section="platforms"] [data-chart-ready="true"]').count()).toBe(2);
      expect(await page.locator('[data-section="visibility"] [data-testid="trend-pending"]').count()).toBe(0);
      expect(await page.getByTestId('own-site-citations').textContent()).toContain('review-site-1.example');
      expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
      await shot(`overview-${locale}-${width}`);
    }
    const rows = (await (await fetch(`${server.baseUrl}/api/dashboard/visibility/timeseries?brand_id=${brand.id}&days=30&prompts=unbranded`, { headers: { cookie: owner.cookie } })).json()) as { rows: { runs: number }[] };
    expect(rows.rows.filter((r) => r.runs > 0).length).toBe(14);
    expect(errors).toEqual([]);
  }, 240_000);
});
