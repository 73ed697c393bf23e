/**
 * The Team page in Chromium: the owner invites a colleague and copies the link (this server has
 * no SMTP, so the page says to send it by hand); in a second browser the colleague opens the link,
 * chooses a password, lands on the team's brand, signs out and back in and sees it again; the
 * owner makes them a viewer, then removes them, and the colleague's next page load asks them to
 * sign in. Screenshots go to test-artifacts/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openPage, type OpenPage } from '../../support/web/browser.js';
import { overflow } from '../../support/web/page-globals.js';

const PASSWORD = 'violet kettle orbit meadow';

describe.skipIf(!hasChromium)('the Team page in a real browser', () => {
  // The owner on the first page, the colleague in a second browser (its own cookies).
  let { server, page: owner, errors, shot, view, signUp, another, close } = {} as OpenPage;
  let member: Page;
  beforeAll(async () => {
    ({ server, page: owner, errors, shot, view, signUp, another, close } = await openPage());
    ({ page: member } = await another());
  }, 300_000);
  afterAll(() => close?.());

  it('invite → accept in a second browser → the member sees the brand → role changed → removed', async () => {
    const ownerEmail = `owner-${Date.now()}@example.com`;
    const who = await signUp(ownerEmail, { password: PASSWORD });
    await view('en');
    await server.container.services.brands.create(who, { name: 'Luckin Coffee', category: 'coffee' });

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
    await shot('team-invited-en-1280');

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
    await shot('team-member-brands-en-1280', member);

    // The owner makes them a viewer.
    await owner.reload();
    const roleOf = owner.getByLabel(`Role of ${colleague}`);
    await roleOf.waitFor();
    expect(await owner.getByRole('table', { name: 'Pending invitations' }).count()).toBe(0);
    await roleOf.selectOption('viewer');
    await owner.getByText(`${colleague} is now Viewer.`).waitFor();
    const members = await server.container.services.accounts.members(who.accountId);
    expect(members.map((m) => [m.email, m.role])).toEqual([[ownerEmail, 'owner'], [colleague, 'viewer']]);

    // The member's Team page shows the roles, and only "Leave" for them.
    await member.goto(server.baseUrl + '/team');
    await member.getByRole('button', { name: 'Leave team' }).waitFor();
    expect(await member.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await member.setViewportSize({ width: 390, height: 900 });
    expect(await member.evaluate(overflow)).toBeLessThanOrEqual(0);
    await shot('team-viewer-en-390', member);

    // Removed: gone from the list, and the colleague is sent to sign in.
    const row = owner.getByRole('row').filter({ hasText: colleague });
    await row.getByRole('button', { name: 'Remove' }).click();
    await owner.getByRole('group').getByRole('button', { name: 'Remove' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await server.container.services.accounts.members(who.accountId)).map((m) => m.email)).toEqual([ownerEmail]);
    await member.goto(server.baseUrl + '/brands');
    await member.waitForURL('**/signin**');
    await shot('team-after-remove-en-1280');
    expect(errors).toEqual([]);
  }, 180_000);
});
