/** Load one endpoint into a component: loading, data, error, and "endpoint missing" (404 route). */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/client.js';

export type Load<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  /** 404: `noRoute` when the server has no such endpoint at all (feature not deployed yet). */
  | { state: 'missing'; noRoute: boolean }
  | { state: 'error'; error: ApiError | Error };

export function useApi<T>(fetcher: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): [Load<T>, () => void] {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: callers pass `fetcher` as a new closure every render, so depending on it would refetch on every render (a loop: each answer sets state); the caller's `deps` stand for what it reads, and `generation` is only there so reload() refetches.
  useEffect(() => {
    const controller = new AbortController();
    setLoad((previous) => (previous.state === 'ready' ? previous : { state: 'loading' }));
    fetcher(controller.signal).then(
      (data) => !controller.signal.aborted && setLoad({ state: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.missing) setLoad({ state: 'missing', noRoute: error.noRoute });
        else setLoad({ state: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return [load, reload];
}
