/**
 * Team membership over real HTTP (the app listening on loopback, fetch with cookies), on PGlite
 * and PostgreSQL: invite → e-mail over real SMTP → accept → the member works → role changed →
 * removed; expired, reused, withdrawn and malformed tokens; the rules that depend on the target
 * (owners manage owners, nobody changes their own role, one owner stays); another account's
 * ids → 404; bad input → 400 naming the field; the 24 h webhook alert e-mailed to owners and admins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWebhookAgents } from '../../../src/features/webhooks/transport.js';
import { dbKinds } from '../../support/db.js';
import { startSmtpReceiver, type SmtpReceiver } from '../../support/smtp.js';
import { waitFor } from '../../support/wait.js';
import { startReceiver } from '../../support/webhook-receiver.js';
import { createWebhook, createWebhookContext } from '../../support/webhooks.js';
import { createIdentityContext, PASSWORD, seedAccount, seedUser, uniqueEmail, type IdentityContext } from '../../support/identity.js';

const PUBLIC_URL = 'https://sightline.example.test';
const NEW_PASSWORD = 'violet kettle orbit meadow';
const DAY = 86_400_000;

/** The fields these tests read, across the answers of the team, auth, brand and me routes. */
interface AnswerBody {
  error: { code: string; field: string; message: string };
  data: { id: string; email: string; role: string; status: string; you: boolean }[];
  invite: { id: string; url: string; expiresAt: string };
  brand: { id: string };
  brands: { id: string }[];
  user: { id: string };
  role: string;
  userExists: boolean;
}

interface Answer {
  status: number;
  /** Parsed JSON (null when empty); only the fields the route answers with are there. */
  body: AnswerBody;
  /** `sl_session=…` when the answer set a session cookie. */
  cookie: string | undefined;
}

describe.each(dbKinds)('team membership over HTTP (%s)', (kind) => {
  let ctx: IdentityContext;
  let smtp: SmtpReceiver;
  let base: string;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    ctx = await createIdentityContext(kind, { env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Sightline <team@sightline.example.test>' }, withSimulator: true, captureLogs: true });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  async function http(method: string, path: string, options: { cookie?: string | undefined; body?: unknown } = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + path, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
    const text = await res.text();
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('sl_session=') && c !== 'sl_session=');
    return { status: res.status, body: text ? JSON.parse(text) : null, cookie: set };
  }

  async function signIn(email: string, password = PASSWORD): Promise<string> {
    const res = await http('POST', '/api/auth/login', { body: { email, password } });
    expect(res.status, res.body?.error?.message).toBe(200);
    return res.cookie!;
  }

  /** An owner (growth tier) signed in, with one brand. */
  async function team() {
    const owner = await seedAccount(ctx.container, { tier: 'growth' });
    const cookie = await signIn(owner.email);
    const brand = await http('POST', '/api/brands', { cookie, body: { name: `Lumen ${owner.userId.slice(0, 6)}`, category: 'coffee' } });
    expect(brand.status).toBe(201);
    return { ...owner, cookie, brandId: brand.body.brand.id as string };
  }

  const tokenOf = (url: string) => url.split('#token=')[1]!;

  it('invite → e-mail → accept → the member works → role changed → removed', async () => {
    const owner = await team();
    const email = uniqueEmail('colleague');
    const invited = await http('POST', '/api/team/invites', { cookie: owner.cookie, body: { email: email.toUpperCase(), role: 'member' } });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ invite: { email, role: 'member' }, email: 'sent' });
    expect(invited.body.invite.url).toMatch(new RegExp(`^${PUBLIC_URL}/invite#token=inv_[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(invited.body.invite.expiresAt) - ctx.clock.now()).toBe(7 * DAY);
    const token = tokenOf(invited.body.invite.url);

    // The e-mail went over SMTP to the invitee, carrying the same link.
    const mail = (await smtp.waitFor(1)).find((m) => m.to.includes(email))!;
    expect(mail.from).toBe('team@sightline.example.test');
    expect(mail.subject).toContain(owner.email);
    expect(mail.text).toContain(invited.body.invite.url);

    // Only the token's hash is stored; the list shows no link.
    const listed = await http('GET', '/api/team/invites', { cookie: owner.cookie });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: invited.body.invite.id, email, role: 'member', status: 'pending', invitedBy: owner.email })]);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(ctx.logText()).not.toContain(token);

    const preview = await http('POST', '/api/team/invites/preview', { body: { token } });
    expect(preview.body).toEqual({ invite: { email, role: 'member', expiresAt: invited.body.invite.expiresAt, invitedBy: owner.email }, userExists: false });

    const noPassword = await http('POST', '/api/team/invites/accept', { body: { token } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.field).toBe('password');
    const weak = await http('POST', '/api/team/invites/accept', { body: { token, password: 'password' } });
    expect([weak.status, weak.body.error.field]).toEqual([400, 'password']);

    const accepted = await http('POST', '/api/team/invites/accept', { body: { token, password: NEW_PASSWORD } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ account: { id: owner.accountId }, user: { email, role: 'member' }, joined: 'new_user' });
    const memberCookie = accepted.cookie!;
    expect(memberCookie).toBeDefined();
    const memberId = accepted.body.user.id as string;

    const reused = await http('POST', '/api/team/invites/accept', { body: { token, password: NEW_PASSWORD } });
    expect([reused.status, reused.body.error.code]).toEqual([409, 'INVITE_ALREADY_USED']);
    expect((await http('GET', '/api/team/invites', { cookie: owner.cookie })).body.data).toEqual([]);

    // The member sees the team's brand, runs a probe, reads the team; cannot invite.
    const brands = await http('GET', '/api/brands', { cookie: memberCookie });
    expect(brands.body.brands.map((b: { id: string }) => b.id)).toEqual([owner.brandId]);
    expect((await http('POST', '/api/probes', { cookie: memberCookie, body: { brandId: owner.brandId } })).status).toBe(202);
    const members = await http('GET', '/api/team/members', { cookie: memberCookie });
    expect(members.body.data.map((m: { email: string; role: string; you: boolean }) => [m.email, m.role, m.you])).toEqual([
      [owner.email, 'owner', false],
      [email, 'member', true],
    ]);
    expect((await http('POST', '/api/team/invites', { cookie: memberCookie, body: { email: uniqueEmail(), role: 'viewer' } })).status).toBe(403);
    // The new user signs in with the password they chose.
    expect(await signIn(email, NEW_PASSWORD)).toMatch(/^sl_session=/);

    // Role changed to viewer: reads still work, the next write is refused at once.
    const changed = await http('PATCH', `/api/team/members/${memberId}`, { cookie: owner.cookie, body: { role: 'viewer' } });
    expect([changed.status, changed.body.role]).toEqual([200, 'viewer']);
    expect((await http('GET', '/api/brands', { cookie: memberCookie })).status).toBe(200);
    const refused = await http('POST', '/api/probes', { cookie: memberCookie, body: { brandId: owner.brandId } });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect(refused.body.error.message).toMatch(/member.*viewer/);

    // Nobody changes their own role; the last owner can neither leave nor be demoted.
    const own = await http('PATCH', `/api/team/members/${owner.userId}`, { cookie: owner.cookie, body: { role: 'admin' } });
    expect(own.status).toBe(403);
    const lastOwner = await http('DELETE', `/api/team/members/${owner.userId}`, { cookie: owner.cookie });
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.error.message).toMatch(/last owner/);

    // Removed: their sessions end at once.
    expect((await http('DELETE', `/api/team/members/${memberId}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await http('GET', '/api/me', { cookie: memberCookie })).status).toBe(401);
    expect((await http('POST', '/api/auth/login', { body: { email, password: NEW_PASSWORD } })).status).toBe(401);
    expect((await http('GET', '/api/team/members', { cookie: owner.cookie })).body.data).toHaveLength(1);
  });

  it('refuses an expired token (410), a withdrawn one (404) and a malformed one (400 naming token)', async () => {
    const owner = await team();
    const first = await http('POST', '/api/team/invites', { cookie: owner.cookie, body: { email: uniqueEmail('late'), role: 'viewer' } });
    const second = await http('POST', '/api/team/invites', { cookie: owner.cookie, body: { email: uniqueEmail('withdrawn'), role: 'viewer' } });
    expect((await http('DELETE', `/api/team/invites/${second.body.invite.id}`, { cookie: owner.cookie })).status).toBe(204);
    const withdrawn = await http('POST', '/api/team/invites/accept', { body: { token: tokenOf(second.body.invite.url), password: NEW_PASSWORD } });
    expect([withdrawn.status, withdrawn.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const malformed = await http('POST', '/api/team/invites/accept', { body: { token: 'inv_short', password: NEW_PASSWORD } });
    expect([malformed.status, malformed.body.error.field]).toEqual([400, 'token']);

    ctx.clock.advance(7 * DAY + 1_000);
    try {
      const expired = await http('POST', '/api/team/invites/accept', { body: { token: tokenOf(first.body.invite.url), password: NEW_PASSWORD } });
      expect([expired.status, expired.body.error.code]).toEqual([410, 'INVITE_EXPIRED']);
      expect(expired.body.error.message).toMatch(/expired .* invite you again/);
      expect((await http('POST', '/api/team/invites/preview', { body: { token: tokenOf(first.body.invite.url) } })).status).toBe(410);
      const cookie = await signIn(owner.email);
      expect((await http('GET', '/api/team/invites', { cookie })).body.data.map((i: { status: string }) => i.status)).toEqual(['expired']);
    } finally {
      ctx.clock.advance(-(7 * DAY + 1_000));
    }
  });

  it('owners manage owners; admins manage the rest; anyone may leave', async () => {
    const owner = await team();
    const admin = await seedUser(ctx.container, owner.accountId, { role: 'admin' });
    const member = await seedUser(ctx.container, owner.accountId, { role: 'member' });
    const second = await seedUser(ctx.container, owner.accountId, { role: 'owner' });
    const adminCookie = await signIn(admin.email);
    const ownerInvite = await http('POST', '/api/team/invites', { cookie: adminCookie, body: { email: uniqueEmail(), role: 'owner' } });
    expect(ownerInvite.status).toBe(403);
    expect(ownerInvite.body.error.message).toMatch(/Only an owner can invite an owner/);
    expect((await http('PATCH', `/api/team/members/${second.userId}`, { cookie: adminCookie, body: { role: 'member' } })).status).toBe(403);
    expect((await http('PATCH', `/api/team/members/${member.userId}`, { cookie: adminCookie, body: { role: 'owner' } })).status).toBe(403);
    expect((await http('DELETE', `/api/team/members/${second.userId}`, { cookie: adminCookie })).status).toBe(403);
    expect((await http('PATCH', `/api/team/members/${member.userId}`, { cookie: adminCookie, body: { role: 'admin' } })).status).toBe(200);
    // With two owners, an owner may step down: the other owner remains.
    expect((await http('PATCH', `/api/team/members/${second.userId}`, { cookie: owner.cookie, body: { role: 'admin' } })).status).toBe(200);
    // A member leaves (deletes their own membership); a viewer cannot remove someone else.
    const memberCookie = await signIn(member.email);
    const viewer = await seedUser(ctx.container, owner.accountId, { role: 'viewer' });
    const viewerCookie = await signIn(viewer.email);
    expect((await http('DELETE', `/api/team/members/${admin.userId}`, { cookie: viewerCookie })).status).toBe(403);
    expect((await http('DELETE', `/api/team/members/${member.userId}`, { cookie: memberCookie })).status).toBe(204);
    expect((await http('DELETE', `/api/team/members/${viewer.userId}`, { cookie: viewerCookie })).status).toBe(204);
    expect((await http('GET', '/api/me', { cookie: viewerCookie })).status).toBe(401);
  });

  it('a signed-in user joins from an empty solo account; with brands, another e-mail or already a member, refused', async () => {
    const owner = await team();
    // Signed up alone before the invitation arrived, nothing set up yet.
    const solo = await seedAccount(ctx.container, { tier: 'free' });
    const soloCookie = await signIn(solo.email);
    const invite = await http('POST', '/api/team/invites', { cookie: owner.cookie, body: { email: solo.email, role: 'admin' } });
    expect((await http('POST', '/api/team/invites/preview', { body: { token: tokenOf(invite.body.invite.url) } })).body.userExists).toBe(true);
    const anonymous = await http('POST', '/api/team/invites/accept', { body: { token: tokenOf(invite.body.invite.url), password: NEW_PASSWORD } });
    expect(anonymous.status).toBe(409);
    expect(anonymous.body.error.message).toMatch(/sign in as it/);
    const stranger = await seedAccount(ctx.container);
    const wrongUser = await http('POST', '/api/team/invites/accept', { cookie: await signIn(stranger.email), body: { token: tokenOf(invite.body.invite.url) } });
    expect(wrongUser.status).toBe(403);
    expect(wrongUser.body.error.message).toContain(`for ${solo.email}`);

    const joined = await http('POST', '/api/team/invites/accept', { cookie: soloCookie, body: { token: tokenOf(invite.body.invite.url) } });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ account: { id: owner.accountId }, user: { id: solo.userId, role: 'admin' }, joined: 'existing_user' });
    expect(joined.cookie).not.toBe(soloCookie);
    expect((await http('GET', '/api/me', { cookie: soloCookie })).status).toBe(401);
    const me = await http('GET', '/api/me', { cookie: joined.cookie });
    expect(me.body).toMatchObject({ account: { id: owner.accountId }, role: 'admin' });
    // The empty solo account is closed.
    expect(await ctx.container.services.accounts.findAccount(solo.accountId)).toBeUndefined();

    const again = await http('POST', '/api/team/invites', { cookie: owner.cookie, body: { email: solo.email, role: 'member' } });
    expect(again.status).toBe(409);

    // A user whose own account holds brands keeps it: joining is refused.
    const busy = await team();
    const busyInvite = await http('POST', '/api/team/invites', { cookie: owner.cookie, body: { email: busy.email, role: 'member' } });
    const refused = await http('POST', '/api/team/invites/accept', { cookie: busy.cookie, body: { token: tokenOf(busyInvite.body.invite.url) } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/belongs to one account/);
  });

  it("answers 404 for another account's invitations and members", async () => {
    const a = await team();
    const b = await team();
    const memberOfA = await seedUser(ctx.container, a.accountId, { role: 'member' });
    const inviteOfA = await http('POST', '/api/team/invites', { cookie: a.cookie, body: { email: uniqueEmail(), role: 'member' } });
    for (const [method, path, body] of [
      ['DELETE', `/api/team/invites/${inviteOfA.body.invite.id}`, undefined],
      ['PATCH', `/api/team/members/${memberOfA.userId}`, { role: 'viewer' }],
      ['DELETE', `/api/team/members/${memberOfA.userId}`, undefined],
    ] as const) {
      const res = await http(method, path, { cookie: b.cookie, body });
      expect([method, path, res.status, res.body.error.code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    expect((await http('GET', '/api/team/invites', { cookie: a.cookie })).body.data).toHaveLength(1);
    expect((await http('GET', '/api/team/members', { cookie: a.cookie })).body.data.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);
  });

  it('answers 400 naming the field for bad input', async () => {
    const owner = await team();
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/team/invites', { email: 'not-an-email', role: 'member' }, 'email'],
      ['POST', '/api/team/invites', { email: uniqueEmail(), role: 'boss' }, 'role'],
      ['POST', '/api/team/invites', { role: 'member' }, 'email'],
      ['POST', '/api/team/invites', { email: uniqueEmail(), role: 'member', accountId: owner.accountId }, 'accountId'],
      ['PATCH', `/api/team/members/${owner.userId}`, {}, 'role'],
      ['PATCH', '/api/team/members/not-a-uuid', { role: 'member' }, 'userId'],
      ['DELETE', '/api/team/invites/not-a-uuid', undefined, 'id'],
      ['POST', '/api/team/invites/accept', { password: NEW_PASSWORD }, 'token'],
      ['POST', '/api/team/invites/accept', { token: 'x\u0000y' }, 'token'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await http(method, path, { cookie: owner.cookie, body });
      expect([method, path, res.status, res.body.error.field]).toEqual([method, path, 400, field]);
    }
  });
});

describe('team invitations without working e-mail (pglite)', () => {
  it('reports `disabled` without SMTP_URL and `failed` when the server is unreachable; the link works either way', async () => {
    for (const [env, outcome] of [[{}, 'disabled'], [{ SMTP_URL: 'smtp://127.0.0.1:9' }, 'failed']] as const) {
      const ctx = await createIdentityContext('pglite', { env });
      try {
        const owner = await seedAccount(ctx.container);
        const created = await ctx.container.services.invites.create({ ...owner, role: 'owner' }, { email: uniqueEmail(), role: 'viewer' }, 'http://127.0.0.1:3000');
        expect(created.email).toBe(outcome);
        expect(created.invite.url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/invite#token=inv_/);
        const preview = await ctx.app.inject({ method: 'POST', url: '/api/team/invites/preview', payload: { token: created.invite.url.split('#token=')[1] } });
        expect(preview.statusCode).toBe(200);
      } finally {
        await ctx.close();
      }
    }
  }, 60_000);
});

describe.each(dbKinds)('account alerts by e-mail (%s)', (kind) => {
  it('e-mails the 24 h webhook failure alert to the owners and admins, not members or viewers', async () => {
    const smtp = await startSmtpReceiver();
    const hooks = await startReceiver((_req, res) => res.writeHead(503).end('down'));
    const ctx = await createWebhookContext(kind, { env: { SMTP_URL: smtp.url, PUBLIC_URL }, webhooks: { failingAlertAfterMs: 400 } });
    try {
      ctx.startWorker();
      const tenant = await ctx.tenant();
      const admin = await seedUser(ctx.container, tenant.accountId, { role: 'admin' });
      await seedUser(ctx.container, tenant.accountId, { role: 'member' });
      await seedUser(ctx.container, tenant.accountId, { role: 'viewer' });
      await createWebhook(ctx, tenant, { url: hooks.url(), events: ['sentinel.triggered'], name: 'Ops channel' });
      const { sampleEventData } = await import('../../../src/features/events/catalogue.js');
      await ctx.container.db.transaction((tx) =>
        ctx.container.services.events.emit(tx, { event: 'sentinel.triggered', accountId: tenant.accountId, brandId: tenant.brandId, data: sampleEventData('sentinel.triggered', tenant.brandId) }),
      );
      const [mail] = await smtp.waitFor(1, 20_000);
      expect(mail!.to.sort()).toEqual([tenant.email, admin.email].sort());
      expect(mail!.subject).toMatch(/webhook has been failing/);
      expect(mail!.text).toContain('Webhook "Ops channel" has failed every delivery');
      expect(mail!.text).toContain(`${PUBLIC_URL}/brands/${tenant.brandId}/webhooks`);
      // One alert, one e-mail.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.messages).toHaveLength(1);
      await waitFor(async () => (await ctx.container.services.webhooks.alerts(tenant.accountId)).length === 1, 5_000, 'alert');
    } finally {
      await ctx.close();
      closeWebhookAgents();
      await hooks.close();
      await smtp.close();
    }
  }, 60_000);
});
