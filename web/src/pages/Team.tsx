/**
 * The team: members with their roles (change, remove, leave), pending invitations (withdraw) and
 * the invitation form, whose link is shown once to copy (and e-mailed when the server has SMTP).
 * What a role may do is the server's decision (docs/auth.md); this page only hides what would
 * be refused: the owner rows for admins, everything but leaving for members and viewers.
 */
import { useState } from 'react';
import { endpoints } from '../api/endpoints.js';
import { useSession } from '../api/session.js';
import type { CreatedInvite, TeamInvite, TeamMember, TeamRole } from '../api/types.js';
import { DataTable } from '../components/DataTable.js';
import { ConfirmButton, CopyButton, ErrorNotice, Field, LoadStatus, Notice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';
import { useSubmit } from '../lib/useSubmit.js';
import { navigate } from '../router.js';

const ROLES: readonly TeamRole[] = ['owner', 'admin', 'member', 'viewer'];

function InviteForm({ myRole, onCreated }: { myRole: TeamRole; onCreated: (created: CreatedInvite) => void }) {
  const { t } = useI18n();
  const roles = ROLES.filter((r) => r !== 'owner' || myRole === 'owner');
  const { submit, busy, error } = useSubmit(async (form, element) => {
    const created = await endpoints.invite({ email: String(form.get('email')).trim(), role: String(form.get('role')) as TeamRole });
    element.reset();
    onCreated(created);
  });
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="invite-title" data-testid="invite-form" aria-busy={busy}>
      <h2 id="invite-title">{t('team.invite')}</h2>
      <Field label={t('team.email')} name="email" type="email" required autoComplete="off" maxLength={254} />
      <div className="field">
        <label htmlFor="invite-role">{t('team.role')}</label>
        <select id="invite-role" name="role" defaultValue="member">
          {roles.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`)}
            </option>
          ))}
        </select>
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      <button type="submit" disabled={busy}>
        {t('team.inviteSubmit')}
      </button>
    </form>
  );
}

export function Team() {
  const { t, dateTime } = useI18n();
  const { profile, refresh } = useSession();
  const myRole = (profile?.role ?? 'viewer') as TeamRole;
  const canManage = myRole === 'owner' || myRole === 'admin';
  const [members, reloadMembers] = useApi((signal) => endpoints.members(signal), []);
  const [invites, reloadInvites] = useApi(
    (signal) => (canManage ? endpoints.invites(signal) : Promise.resolve({ data: [] as TeamInvite[] })),
    [canManage],
  );
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const act = async (work: () => Promise<unknown>, done?: string) => {
    setError(null);
    setNotice(null);
    try {
      await work();
      if (done) setNotice(done);
      reloadMembers();
      reloadInvites();
    } catch (caught) {
      setError(caught);
    }
  };
  /** Admins do not touch owners; nobody changes their own role (the server refuses both too). */
  const manages = (m: TeamMember) => canManage && !m.you && (myRole === 'owner' || m.role !== 'owner');

  return (
    <div className="page">
      <h1>{t('team.title')}</h1>
      <p className="lead">{t('team.intro')}</p>
      {notice && <Notice kind="success">{notice}</Notice>}
      {error ? <ErrorNotice error={error} /> : null}
      {created && (
        <Notice kind="warn" title={t('team.linkOnce')}>
          <p>{t('team.inviteLink', { email: created.invite.email })}</p>
          <div className="secret-row">
            <code className="secret" data-testid="invite-link">
              {created.invite.url}
            </code>
            <CopyButton text={created.invite.url} />
            <button type="button" className="secondary" onClick={() => setCreated(null)}>
              {t('common.close')}
            </button>
          </div>
          <p className="muted" data-testid="invite-email-status">
            {created.email === 'sent'
              ? t('team.emailSent', { email: created.invite.email })
              : created.email === 'failed'
                ? t('team.emailFailed')
                : t('team.emailDisabled')}
          </p>
        </Notice>
      )}

      <h2>{t('team.members')}</h2>
      <LoadStatus load={members}>
        {(data) => (
          <DataTable<TeamMember>
            caption={t('team.members')}
            rows={data.data}
            rowKey={(m) => m.userId}
            columns={[
              { label: t('team.email'), cell: (m) => (m.you ? `${m.email} ${t('team.you')}` : m.email) },
              {
                label: t('team.role'),
                cell: (m) =>
                  manages(m) ? (
                    <select
                      aria-label={t('team.roleOf', { email: m.email })}
                      value={m.role}
                      onChange={(e) => {
                        const role = e.target.value as TeamRole;
                        void act(
                          () => endpoints.changeRole(m.userId, role),
                          t('team.roleChanged', { email: m.email, role: t(`role.${role}`) }),
                        );
                      }}
                    >
                      {ROLES.filter((r) => r !== 'owner' || myRole === 'owner').map((r) => (
                        <option key={r} value={r}>
                          {t(`role.${r}`)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    t(`role.${m.role}`)
                  ),
              },
              { label: t('team.joined'), cell: (m) => dateTime(m.joinedAt) },
              { label: t('team.keys'), cell: (m) => String(m.apiKeys) },
              {
                label: t('team.actions'),
                cell: (m) =>
                  // The last owner cannot leave (the server answers 409): no button to fail.
                  m.you && !(m.role === 'owner' && data.data.filter((x) => x.role === 'owner').length === 1) ? (
                    <ConfirmButton
                      label={t('team.leave')}
                      question={t('team.confirmLeave')}
                      onConfirm={async () => {
                        setError(null);
                        try {
                          await endpoints.removeMember(m.userId);
                          await refresh();
                          navigate('/');
                        } catch (caught) {
                          setError(caught);
                        }
                      }}
                    />
                  ) : !m.you && manages(m) ? (
                    <ConfirmButton
                      label={t('team.remove')}
                      question={t('team.confirmRemove', { email: m.email, n: m.apiKeys })}
                      onConfirm={() => act(() => endpoints.removeMember(m.userId))}
                    />
                  ) : null,
              },
            ]}
          />
        )}
      </LoadStatus>

      {!canManage && <Notice>{t('team.onlyAdmins')}</Notice>}
      {canManage && (
        <>
          <h2>{t('team.invites')}</h2>
          {invites.state === 'error' && <ErrorNotice error={invites.error} />}
          {invites.state === 'ready' && (
            <DataTable<TeamInvite>
              caption={t('team.invites')}
              empty={t('team.noInvites')}
              rows={invites.data.data}
              rowKey={(i) => i.id}
              columns={[
                { label: t('team.email'), cell: (i) => i.email },
                { label: t('team.role'), cell: (i) => t(`role.${i.role}`) },
                { label: t('team.status'), cell: (i) => (i.status === 'expired' ? t('team.statusExpired') : t('team.statusPending')) },
                { label: t('team.expires'), cell: (i) => dateTime(i.expiresAt) },
                {
                  label: t('team.actions'),
                  cell: (i) => (
                    <ConfirmButton
                      label={t('team.withdraw')}
                      question={t('team.confirmWithdraw', { email: i.email })}
                      onConfirm={() => act(() => endpoints.withdrawInvite(i.id))}
                    />
                  ),
                },
              ]}
            />
          )}
          <InviteForm
            myRole={myRole}
            onCreated={(invite) => {
              setCreated(invite);
              reloadInvites();
            }}
          />
        </>
      )}
    </div>
  );
}
