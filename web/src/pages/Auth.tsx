/** Sign in and create account (one form, two modes). Returns to `?next=` afterwards. */
import { api, ApiError } from '../api/client.js';
import { useSession } from '../api/session.js';
import type { SignedIn } from '../api/types.js';
import { ErrorNotice, Field, Notice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';
import { useSubmit } from '../lib/useSubmit.js';
import { Link, navigate, useLocation } from '../router.js';

/** Only same-site paths: `next` comes from the address bar and must not send the user elsewhere. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/brands';
}

export function Auth({ mode }: { mode: 'signin' | 'signup' }) {
  const { t } = useI18n();
  const { search } = useLocation();
  const session = useSession();
  const signup = mode === 'signup';

  const { submit, busy, error } = useSubmit(async (form) => {
    await api<SignedIn>(signup ? '/api/auth/signup' : '/api/auth/login', {
      method: 'POST',
      public: true,
      body: { email: String(form.get('email')), password: String(form.get('password')) },
    });
    await session.refresh();
    navigate(safeNext(search.get('next')), { replace: true });
  });

  const knownError =
    error instanceof ApiError && error.status === 401 ? t('auth.badCredentials') : error instanceof ApiError && error.status === 409 ? t('auth.exists') : null;

  return (
    <div className="page narrow">
      <h1>{signup ? t('auth.signupTitle') : t('auth.signinTitle')}</h1>
      {search.get('expired') && !signup && <Notice kind="warn">{t('common.sessionExpired')}</Notice>}
      <form className="card form" onSubmit={submit} aria-busy={busy}>
        <Field label={t('auth.email')} name="email" type="email" required autoComplete="email" />
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          required
          minLength={8}
          autoComplete={signup ? 'new-password' : 'current-password'}
          hint={signup ? t('auth.passwordHint') : undefined}
        />
        {knownError ? <Notice kind="error">{knownError}</Notice> : error ? <ErrorNotice error={error} /> : null}
        <button type="submit" disabled={busy}>
          {signup ? t('auth.submitSignup') : t('auth.submitSignin')}
        </button>
      </form>
      <p>
        <Link href={(signup ? '/signin' : '/signup') + (search.get('next') ? `?next=${encodeURIComponent(search.get('next')!)}` : '')}>
          {signup ? t('auth.toSignin') : t('auth.toSignup')}
        </Link>
      </p>
    </div>
  );
}
