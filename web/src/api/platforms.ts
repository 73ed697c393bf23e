/** Chinese display names of the platforms, from GET /api/status (fetched once per page load). */
import { useEffect, useState } from 'react';
import { api } from './client.js';
import type { StatusReport } from './types.js';

let pending: Promise<StatusReport | null> | undefined;

export function loadStatus(): Promise<StatusReport | null> {
  pending ??= api<StatusReport>('/api/status', { public: true }).catch(() => null);
  return pending;
}

export interface PlatformNames {
  name(id: string): string;
  simulated: boolean;
}

export function usePlatformNames(): PlatformNames {
  const [status, setStatus] = useState<StatusReport | null>(null);
  useEffect(() => {
    let live = true;
    void loadStatus().then((s) => live && setStatus(s));
    return () => {
      live = false;
    };
  }, []);
  const byId = new Map(status?.llms.platforms.map((p) => [p.platform, p.zh]) ?? []);
  return {
    // `glm` is the v1 name of `zhipu`; unknown ids are shown as they are.
    name: (id) => byId.get(id) ?? byId.get(id === 'glm' ? 'zhipu' : id) ?? id,
    simulated: status?.mode === 'simulate',
  };
}
