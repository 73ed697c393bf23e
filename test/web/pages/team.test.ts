/**
 * The Team page in Chromium: the owner invites a colleague and copies the link (this server has
 * no SMTP, so the page says to send it by hand); in a second browser the colleague opens the link,
 * chooses a password, lands on the team's brand, signs out and back in and sees it again; the
 * owner makes them a viewer, then removes them, and the colleague's next page load asks them to
 * sign in. Screenshots go to test-artifacts/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../../src/lib/paths.js';
import { hasChromium, launchBrowser, type Browser } from '../../support/web/browser.js';
import { overflow, type PageGlobals } from '../../support/web/page-globals.js';
import { startE2eServer, type E2eServer } from '../../support/web/e2e-app.js';

const ARTIFACTS = fromRoot('test-artifacts');
const PASSWORD = 'violet kettle orbit meadow';

describe.skipIf(!hasChromium)('the Team page in a real browser', () => {
  let server: E2eServer;
  let ownerBrowser: Browser;
  let memberBrowser: Browser;
  let owner: Page;
  let member: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startE2eServer();
    ownerBrowser = await launchBrowser();
    memberBrowser = await launchBrowser();
    owner = await ownerBrowser.context.newPage();
    member = await memberBrowser.context.newPage();
    for (const page of [owner, member]) page.on('pageerror', (error) => errors.push(String(error)));
  }, 300_000);
  afterAll(async () => {
    await ownerBrowser?.close();
    await memberBrowser?.close();
    await server?.close();
  });

  it('invite → accept in a second browser → the member sees the brand → role changed → removed', async () => {
    const ownerEmail = `owner-${Date.now()}@example.com`;
    const signup = await fetch(server.baseUrl + '/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ownerEmail, password: PASSWORD }) });
    const who = (await signup.json()) as { account: { id: string; tier: 'free' }; user: { id: string } };
    const [name, value] = signup.headers.get('set-cookie')!.split(';')[0]!.split('=') as [string, string];
    await ownerBrowser.context.addCookies([{ name, value, url: server.baseUrl }]);
    await owner.goto(server.baseUrl + '/');
    await owner.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.setItem('sightline.locale', 'en'));
    await server.container.services.brands.create({ accountId: who.account.id, userId: who.user.id, tier: who.account.tier }, { name: 'Luckin Coffee', category: 'coffee' });

    // The owner invites from the Team page, reached through the main menu.
    await owner.goto(server.baseUrl + '/brands');
    await owner.getByRole('navigation').getByRole('link', { name: 'Team' }).click();
    await owner.waitForURL('**/team');
    const colleague = `colleague-${Date.now()}@example.com`;
    const form = owner.getByTestId('invite-form');
    await form.getByLabel('E-mail').fill(colleague);
    await form.getByLabel('Role').selectOption('member');
    await form.getByRole('button', { name: 'Create invitation' }).click();
    const link = (await owner.getByTestId('invite-link').textContent())!;
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/invite#token=inv_`));
    expect(await owner.getByTestId('invite-email-status').textContent()).toMatch(/not configured.*copy the link/);
    await owner.getByRole('table', { name: 'Pending invitations' }).getByRole('cell', { name: colleague }).waitFor();
    await owner.screenshot({ path: `${ARTIFACTS}/team-invited-en-1280.png`, fullPage: true });

    // The colleague opens the link in another browser and joins with a new password.
    await member.goto(link);
    expect(await member.getByTestId('invite-what').textContent()).toBe(`${ownerEmail} invited ${colleague} to join their team as Member.`);
    await member.getByLabel('Password').fill(PASSWORD);
    await member.getByRole('button', { name: 'Join the team' }).click();
    await member.waitForURL('**/brands');
    await member.getByRole('link', { name: /Luckin Coffee/ }).first().waitFor();
    // Signs out, signs in with the chosen password, and sees the team's brand again.
    await member.getByRole('button', { name: 'Sign out' }).click();
    await member.waitForURL('**/signin');
    await member.getByLabel('E-mail').fill(colleague);
    await member.getByLabel('Password').fill(PASSWORD);
    await member.getByRole('button', { name: 'Sign in' }).click();
    await member.waitForURL('**/brands');
    await member.getByRole('link', { name: /Luckin Coffee/ }).first().waitFor();
    await member.screenshot({ path: `${ARTIFACTS}/team-member-brands-en-1280.png`, fullPage: true });

    // The owner makes them a viewer.
    await owner.reload();
    const roleOf = owner.getByLabel(`Role of ${colleague}`);
    await roleOf.waitFor();
    expect(await owner.getByRole('table', { name: 'Pending invitations' }).count()).toBe(0);
    await roleOf.selectOption('viewer');
    await owner.getByText(`${colleague} is now Viewer.`).waitFor();
    const members = await server.container.services.accounts.members(who.account.id);
    expect(members.map((m) => [m.email, m.role])).toEqual([[ownerEmail, 'owner'], [colleague, 'viewer']]);

    // The member's Team page shows the roles, and only "Leave" for them.
    await member.goto(server.baseUrl + '/team');
    await member.getByRole('button', { name: 'Leave team' }).waitFor();
    expect(await member.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await member.setViewportSize({ width: 390, height: 900 });
    expect(await member.evaluate(overflow)).toBeLessThanOrEqual(0);
    await member.screenshot({ path: `${ARTIFACTS}/team-viewer-en-390.png`, fullPage: true });

    // Removed: gone from the list, and the colleague is sent to sign in.
    const row = owner.getByRole('row').filter({ hasText: colleague });
    await row.getByRole('button', { name: 'Remove' }).click();
    await owner.getByRole('group').getByRole('button', { name: 'Remove' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await server.container.services.accounts.members(who.account.id)).map((m) => m.email)).toEqual([ownerEmail]);
    await member.goto(server.baseUrl + '/brands');
    await member.waitForURL('**/signin**');
    await owner.screenshot({ path: `${ARTIFACTS}/team-after-remove-en-1280.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 180_000);
});
