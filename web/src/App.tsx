/** The shell: header (navigation, language), open account alerts, the routed page, footer (support address). */
import { useEffect, useState, type ReactNode } from 'react';
import { AlertNotice } from './alerts/AlertNotice.js';
import { AlertsProvider } from './alerts/AlertsProvider.js';
import { api } from './api/client.js';
import { signInPath, useSession } from './api/session.js';
import type { Meta } from './api/types.js';
import { useI18n } from './i18n/I18n.js';
import { LOCALES } from './i18n/messages.js';
import { Link, matchPath, navigate, useLocation } from './router.js';
import { Auth } from './pages/Auth.js';
import { BrandOverview } from './pages/BrandOverview.js';
import { Brands } from './pages/Brands.js';
import { FreeCheck } from './pages/FreeCheck.js';
import { Invite } from './pages/Invite.js';
import { Keys } from './pages/Keys.js';
import { Team } from './pages/Team.js';
import { Tools } from './pages/Tools.js';
import { Webhooks } from './pages/Webhooks.js';
import { Plan } from './pages/Plan.js';
import { BrandSettings } from './pages/BrandSettings.js';

interface Route {
  path: string;
  signedIn: boolean;
  render: (params: Record<string, string>) => ReactNode;
}

const ROUTES: Route[] = [
  { path: '/', signedIn: false, render: () => <FreeCheck /> },
  { path: '/signin', signedIn: false, render: () => <Auth mode="signin" /> },
  { path: '/signup', signedIn: false, render: () => <Auth mode="signup" /> },
  { path: '/brands', signedIn: true, render: () => <Brands /> },
  { path: '/brands/:id', signedIn: true, render: (p) => <BrandOverview brandId={p.id!} /> },
  { path: '/brands/:id/webhooks', signedIn: true, render: (p) => <Webhooks brandId={p.id!} /> },
  { path: '/brands/:id/settings', signedIn: true, render: (p) => <BrandSettings brandId={p.id!} /> },
  { path: '/webhooks', signedIn: true, render: () => <Webhooks /> },
  { path: '/plan', signedIn: true, render: () => <Plan /> },
  { path: '/keys', signedIn: true, render: () => <Keys /> },
  { path: '/team', signedIn: true, render: () => <Team /> },
  { path: '/invite', signedIn: false, render: () => <Invite /> },
  { path: '/tools', signedIn: true, render: () => <Tools /> },
];

function Header() {
  const { t, locale, setLocale } = useI18n();
  const { profile, signOut } = useSession();
  const { path } = useLocation();
  const current = (href: string) => (path === href || (href !== '/' && path.startsWith(`${href}/`)) ? 'page' : undefined);
  return (
    <header className="top">
      <a className="skip" href="#main">
        {t('nav.skip')}
      </a>
      <Link href="/" className="brand-mark">
        {t('app.name')}
      </Link>
      <nav aria-label={t('nav.main')}>
        <Link href="/" aria-current={current('/')}>{t('nav.check')}</Link>
        {profile && (
          <>
            <Link href="/brands" aria-current={current('/brands')}>{t('nav.brands')}</Link>
            <Link href="/webhooks" aria-current={current('/webhooks')}>{t('nav.webhooks')}</Link>
            <Link href="/team" aria-current={current('/team')}>{t('nav.team')}</Link>
            <Link href="/tools" aria-current={current('/tools')}>{t('nav.tools')}</Link>
            <Link href="/keys" aria-current={current('/keys')}>{t('nav.keys')}</Link>
            <Link href="/plan" aria-current={current('/plan')}>{t('nav.plan')}</Link>
          </>
        )}
      </nav>
      <div className="top-right">
        <label className="lang">
          <span className="sr-only">{t('lang.label')}</span>
          <select value={locale} onChange={(e) => setLocale(e.target.value as typeof locale)} aria-label={t('lang.label')}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {l === 'zh-CN' ? '中文' : 'English'}
              </option>
            ))}
          </select>
        </label>
        {profile === null && <Link href="/signin">{t('nav.signin')}</Link>}
        {profile && (
          <>
            <span className="muted who" title={profile.user.email}>{profile.user.email}</span>
            <button type="button" className="secondary small" onClick={() => void signOut()}>
              {t('nav.signout')}
            </button>
          </>
        )}
      </div>
    </header>
  );
}

function Footer() {
  const { t } = useI18n();
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    api<Meta>('/api/meta', { public: true }).then(
      (meta) => setEmail(meta.supportEmail),
      () => setEmail(null),
    );
  }, []);
  // Fixed height whether or not the address has arrived: nothing below moves.
  return (
    <footer className="bottom">
      <span>{email ? <SupportLine template={t('footer.support')} email={email} /> : '\u00a0'}</span>
    </footer>
  );
}

/** The message with a mailto link where its {email} placeholder is. */
function SupportLine({ template, email }: { template: string; email: string }) {
  const [before = '', after = ''] = template.split('{email}');
  return (
    <>
      {before}
      <a href={`mailto:${email}`}>{email}</a>
      {after}
    </>
  );
}

function NotFound() {
  const { t } = useI18n();
  return (
    <div className="page narrow">
      <h1>{t('common.notFound')}</h1>
      <Link href="/">{t('common.backHome')}</Link>
    </div>
  );
}

export function App() {
  const { path } = useLocation();
  const { profile } = useSession();
  const { t } = useI18n();
  let page: ReactNode = <NotFound />;
  let guarded = false;
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    guarded = route.signedIn;
    page = route.render(params);
    break;
  }
  useEffect(() => {
    if (guarded && profile === null) navigate(signInPath(), { replace: true });
  }, [guarded, profile]);
  return (
    <AlertsProvider>
      <Header />
      <main id="main" tabIndex={-1}>
        {/* Open account alerts on every signed-in page, above the page itself. */}
        {profile && (
          <div className="alert-bar">
            <AlertNotice />
          </div>
        )}
        {guarded && profile === undefined ? <div className="page"><p className="muted">{t('common.loading')}</p></div> : guarded && profile === null ? null : page}
      </main>
      <Footer />
    </AlertsProvider>
  );
}
