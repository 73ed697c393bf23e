/**
 * Who is signed in. Loaded once from GET /api/me; any 401 from a signed-in call (session
 * expired, revoked elsewhere) clears it and sends the user to sign in, returning afterwards.
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api, onUnauthorized } from './client.js';
import type { Profile } from './types.js';
import { navigate } from '../router.js';

export interface Session {
  /** undefined while the first /api/me is in flight. */
  profile: Profile | null | undefined;
  expired: boolean;
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const Context = createContext<Session | null>(null);

/**
 * "This browser was signed in": lets a public page (free check, sign in, sign up) skip GET
 * /api/me for a visitor who never signed in, instead of asking and getting a 401 every time.
 */
const HINT_KEY = 'sightline.signedIn';
const PUBLIC_PATHS = new Set(['/', '/signin', '/signup', '/invite']);
function setHint(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage blocked: every page asks /api/me, as before.
  }
}
function hinted(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return true;
  }
}

export function signInPath(expired = false): string {
  const next = location.pathname + location.search;
  const params = new URLSearchParams();
  if (next !== '/' && !next.startsWith('/signin')) params.set('next', next);
  if (expired) params.set('expired', '1');
  const query = params.toString();
  return `/signin${query ? `?${query}` : ''}`;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [profile, setProfile] = useState<Profile | null | undefined>(undefined);
  const [expired, setExpired] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setProfile(await api<Profile>('/api/me', { public: true }));
      setHint(true);
      setExpired(false);
    } catch {
      setHint(false);
      setProfile(null);
    }
  }, []);

  useEffect(() => {
    if (PUBLIC_PATHS.has(location.pathname) && !hinted()) setProfile(null);
    else void refresh();
    onUnauthorized(() => {
      setHint(false);
      setProfile(null);
      setExpired(true);
      if (!location.pathname.startsWith('/signin')) navigate(signInPath(true), { replace: true });
    });
  }, [refresh]);

  const signOut = useCallback(async () => {
    await api('/api/auth/logout', { method: 'POST', public: true }).catch(() => undefined);
    setHint(false);
    setProfile(null);
    navigate('/signin');
  }, []);

  return <Context.Provider value={{ profile, expired, refresh, signOut }}>{children}</Context.Provider>;
}

export function useSession(): Session {
  const value = useContext(Context);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
