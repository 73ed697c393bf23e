/**
 * Opening an invitation link (`/invite#token=…`; the token is in the fragment, which the browser
 * never sends to a server). Signed out: choose a password and join (a new user), or sign in
 * first when the e-mail already has a user. Signed in as the invited e-mail: join with one click.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../api/client.js';
import { endpoints } from '../api/endpoints.js';
import { useSession } from '../api/session.js';
import type { InvitePreview } from '../api/types.js';
import { ErrorNotice, Field, Notice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { Link, navigate } from '../router.js';

const tokenFromHash = () => new URLSearchParams(location.hash.replace(/^#/, '')).get('token');

export function Invite() {
  const { t } = useI18n();
  const session = useSession();
  const [token] = useState(tokenFromHash);
  const [preview, setPreview] = useState<InvitePreview | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    endpoints.previewInvite(token).then(setPreview, setProblem);
  }, [token]);

  const accept = async (password?: string) => {
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      await endpoints.acceptInvite(password === undefined ? { token } : { token, password });
      await session.refresh();
      navigate('/brands', { replace: true });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void accept(String(new FormData(event.currentTarget).get('password')));
  };

  let body: ReactNode;
  if (!token) body = <Notice kind="error">{t('invite.noToken')}</Notice>;
  else if (problem) {
    const status = problem instanceof ApiError ? problem.status : 0;
    body =
      status === 404 || status === 400 ? <Notice kind="error">{t('invite.invalid')}</Notice>
      : status === 409 ? <Notice kind="warn">{t('invite.used')} <Link href="/signin">{t('nav.signin')}</Link></Notice>
      : status === 410 ? <Notice kind="warn">{t('invite.expired')}</Notice>
      : <ErrorNotice error={problem} />;
  } else if (!preview || session.profile === undefined) body = <p className="muted">{t('invite.loading')}</p>;
  else {
    const { invite } = preview;
    const what = t('invite.what', { inviter: invite.invitedBy ?? t('invite.someone'), email: invite.email, role: t(`role.${invite.role}`) });
    const signedIn = session.profile;
    body = (
      <>
        <p className="lead" data-testid="invite-what">{what}</p>
        {signedIn ? (
          signedIn.user.email === invite.email ? (
            <button type="button" disabled={busy} onClick={() => void accept()}>
              {t('invite.accept')}
            </button>
          ) : (
            <Notice kind="warn">
              {t('invite.otherUser', { email: signedIn.user.email, invited: invite.email })}{' '}
              <button type="button" className="secondary small" onClick={() => void session.signOut().then(() => navigate(`/invite#token=${token}`, { replace: true }))}>
                {t('nav.signout')}
              </button>
            </Notice>
          )
        ) : preview.userExists ? (
          <Notice>
            {t('invite.signInFirst')} <Link href={`/signin?next=${encodeURIComponent(`/invite#token=${token}`)}`}>{t('invite.signIn')}</Link>
          </Notice>
        ) : (
          <form className="card form" onSubmit={submit} aria-busy={busy} data-testid="accept-form">
            <p>{t('invite.choosePassword')}</p>
            <Field label={t('auth.email')} name="email" type="email" value={invite.email} readOnly autoComplete="username" />
            <Field label={t('auth.password')} name="password" type="password" required minLength={8} autoComplete="new-password" hint={t('auth.passwordHint')} />
            <button type="submit" disabled={busy}>
              {t('invite.accept')}
            </button>
          </form>
        )}
        {error ? <ErrorNotice error={error} /> : null}
      </>
    );
  }
  return (
    <div className="page narrow">
      <h1>{t('invite.title')}</h1>
      {body}
    </div>
  );
}
