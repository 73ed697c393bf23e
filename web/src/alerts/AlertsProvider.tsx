/**
 * The account's open alerts (GET /api/alerts?state=open), read once per page load and then on
 * the background polling tier, shared by the shell's notice and the Webhooks page: acknowledging
 * in one place updates the other at once. Nothing is read while nobody is signed in.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { endpoints } from '../api/endpoints.js';
import { watch } from '../api/polling.js';
import { useSession } from '../api/session.js';
import type { AccountAlert } from '../api/types.js';

/** Viewers read; members and above acknowledge (docs/auth.md: the server enforces it too). */
const ACKNOWLEDGING_ROLES = new Set(['owner', 'admin', 'member']);

export interface Alerts {
  /** Not acknowledged yet, newest first; null until the first read answered. */
  open: AccountAlert[] | null;
  /** Goes up after each acknowledgement: lists of all alerts reload on it. */
  version: number;
  canAcknowledge: boolean;
  acknowledge(id: string): Promise<void>;
}

const Context = createContext<Alerts>({ open: null, version: 0, canAcknowledge: false, acknowledge: async () => undefined });

export function AlertsProvider({ children }: { children: ReactNode }) {
  const { profile } = useSession();
  const userId = profile?.user.id;
  const [open, setOpen] = useState<AccountAlert[] | null>(null);
  const [version, setVersion] = useState(0);

  // Someone else signed in (or out): nothing of the previous person's account stays on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is the reset on a change of user, so `userId` is its trigger, not a value it reads.
  useEffect(() => setOpen(null), [userId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is a trigger: after an acknowledgement the open alerts are read again at once (another may have been raised meanwhile).
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    void watch(
      'GET /api/alerts',
      () => endpoints.alerts({ state: 'open' }, controller.signal),
      (list) => setOpen(list.data),
      controller.signal,
    );
    return () => controller.abort();
  }, [userId, version]);

  const acknowledge = useCallback(async (id: string) => {
    await endpoints.acknowledgeAlert(id);
    setOpen((list) => list?.filter((a) => a.id !== id) ?? null);
    setVersion((v) => v + 1);
  }, []);

  const value = useMemo<Alerts>(
    () => ({ open, version, canAcknowledge: ACKNOWLEDGING_ROLES.has(profile?.role ?? ''), acknowledge }),
    [open, version, profile?.role, acknowledge],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useAlerts(): Alerts {
  return useContext(Context);
}
