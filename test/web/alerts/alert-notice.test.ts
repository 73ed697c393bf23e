/**
 * The account alert notice in Chromium (issue 14, "alerts people see"): two webhooks of an
 * account have failed for 24 hours; the owner sees the notice on two different pages (full loads
 * and a menu click), with the count and the newest alert's webhook; a viewer of the same team
 * sees it too, in Chinese, without the Acknowledge button; the owner acknowledges one from the
 * notice with the keyboard, the other from the Webhooks page's alert list, and the notice is gone
 * on every page while the list keeps both with their acknowledgement dates. Screenshots go to
 * test-artifacts/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedUser } from '../../support/identity.js';
import { seedFailingAlert } from '../../support/alerts.js';
import { hasChromium, openPage, type Browser, type OpenPage } from '../../support/web/browser.js';
import { overflow } from '../../support/web/page-globals.js';

const HOUR = 3_600_000;

describe.skipIf(!hasChromium)('the account alert notice in a real browser', () => {
  // The owner on the first page, a viewer of the team in a second browser at phone width.
  let { server, page: owner, errors, shot, view, signUp, signIn, another, close } = {} as OpenPage;
  let viewerBrowser: Browser;
  let viewer: Page;
  beforeAll(async () => {
    ({ server, page: owner, errors, shot, view, signUp, signIn, another, close } = await openPage());
    ({ browser: viewerBrowser, page: viewer } = await another({ viewport: { width: 390, height: 900 } }));
  }, 300_000);
  afterAll(() => close?.());

  it('shows the notice on every page until acknowledged, to viewers without the button, and lists the alerts on the Webhooks page', async () => {
    const who = await signUp(`alerts-owner-${Date.now()}@example.com`, { password: PASSWORD });
    const brand = await server.container.services.brands.create(who, { name: 'Alert Coffee', category: 'coffee' });
    const now = Date.now();
    await seedFailingAlert(server.container, who, brand.id, { webhookName: 'Ops channel', raisedAt: new Date(now - 2 * HOUR) });
    await seedFailingAlert(server.container, who, brand.id, { webhookName: 'CRM sync', raisedAt: new Date(now) });
    const viewerUser = await seedUser(server.container, who.accountId, { role: 'viewer' });
    await signIn(viewerUser.email, PASSWORD, viewerBrowser);
    await view('en');
    await view('zh-CN', { on: viewer });

    // The owner: the notice on two different pages (full loads), then after a menu click.
    const notice = owner.getByTestId('alert-notice');
    for (const path of ['/brands', '/plan']) {
      await owner.goto(server.baseUrl + path);
      await notice.waitFor();
      expect(await notice.getAttribute('role')).toBe('status');
      expect(await notice.locator('.notice-title').textContent()).toBe('Account alerts need attention (2)');
      expect(await notice.textContent()).toMatch(/Newest: webhook “CRM sync” has failed every delivery since .+\./);
      expect(await notice.getByTestId('alert-item').count()).toBe(2);
    }
    await shot('alert-notice-en-1280');
    await owner.getByRole('navigation').getByRole('link', { name: 'Team' }).click();
    await owner.waitForURL('**/team');
    await notice.waitFor();

    // The viewer (Chinese, phone width): the same notice, no button, a hint who can acknowledge.
    await viewer.goto(server.baseUrl + '/brands');
    const viewerNotice = viewer.getByTestId('alert-notice');
    await viewerNotice.waitFor();
    expect(await viewerNotice.locator('.notice-title').textContent()).toBe('账户告警待处理（2）');
    expect(await viewerNotice.getByRole('button').count()).toBe(0);
    expect(await viewerNotice.textContent()).toContain('团队中的成员、管理员或所有者可以确认该告警。');
    expect(await viewer.evaluate(overflow)).toBeLessThanOrEqual(0);
    await shot('alert-notice-viewer-zh-CN-390', viewer);

    // The owner acknowledges the newest from the notice, with the keyboard.
    const ackCrm = notice.getByRole('button', { name: 'Acknowledge the alert about webhook “CRM sync”' });
    await ackCrm.focus();
    await owner.keyboard.press('Enter');
    await ackCrm.waitFor({ state: 'detached' });
    expect(await notice.locator('.notice-title').textContent()).toBe('Account alerts need attention (1)');
    expect(await notice.textContent()).toContain('Newest: webhook “Ops channel”');

    // The Webhooks page, through the notice's link: both alerts, one acknowledged with its date.
    await notice.getByRole('link', { name: 'Open the Webhooks page' }).click();
    await owner.waitForURL('**/webhooks');
    const list = owner.getByTestId('alert-list');
    const crmRow = list.getByRole('row').filter({ hasText: 'CRM sync' });
    const opsRow = list.getByRole('row').filter({ hasText: 'Ops channel' });
    await crmRow.getByTestId('alert-acknowledged').waitFor();
    expect(await crmRow.getByTestId('alert-acknowledged').textContent()).toMatch(/\d/);
    expect(await opsRow.textContent()).toContain('Still failing');
    await opsRow.getByRole('button', { name: 'Acknowledge the alert about webhook “Ops channel”' }).click();
    await opsRow.getByTestId('alert-acknowledged').waitFor();
    // Acknowledged in the list: the shell's notice goes at once.
    await notice.waitFor({ state: 'detached' });
    await shot('alert-list-en-1280');

    // Gone on every page, for everyone, while the list keeps both.
    for (const path of ['/brands', '/plan']) {
      await owner.goto(server.baseUrl + path);
      await owner.getByRole('heading', { level: 1 }).first().waitFor();
      await owner.waitForLoadState('networkidle');
      expect(await notice.count()).toBe(0);
    }
    await viewer.goto(server.baseUrl + '/webhooks');
    await viewer.getByTestId('alert-list').getByTestId('alert-acknowledged').nth(1).waitFor();
    expect(await viewer.getByTestId('alert-notice').count()).toBe(0);
    expect(await viewer.evaluate(overflow)).toBeLessThanOrEqual(0);
    const stored = await server.container.services.webhooks.alerts(who.accountId, { state: 'open' });
    expect(stored).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);
});
