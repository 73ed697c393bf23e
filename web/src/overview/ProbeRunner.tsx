/** "Run a probe now": trigger, then poll the run until it finishes, showing real progress. */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client.js';
import { endpoints } from '../api/endpoints.js';
import { pollWhileMounted } from '../api/polling.js';
import type { ProbeStatus } from '../api/types.js';
import { ErrorNotice, Notice } from '../components/ui.js';
import { useI18n } from '../i18n/I18n.js';

const FINISHED = new Set(['completed', 'partial', 'failed']);

type State = { kind: 'idle' } | { kind: 'queued'; runId: string } | { kind: 'running'; status: ProbeStatus } | { kind: 'done'; status: ProbeStatus } | { kind: 'error'; error: unknown };

export function ProbeRunner({ brandId, onFinished }: { brandId: string; onFinished: () => void }) {
  const { t, num, pct } = useI18n();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  // The client's polling tiers: 1 s, slower after three 429s in a row (src: web/src/api/polling.ts).
  const poll = async (runId: string) => {
    const final = await pollWhileMounted('GET /api/probes/{id}', () => endpoints.probe(runId), (status) => FINISHED.has(status.status), () => alive.current, {
      onProgress: (status) => {
        if (status && !FINISHED.has(status.status)) setState({ kind: 'running', status });
      },
    });
    if (!final || !alive.current) return;
    setState({ kind: 'done', status: final });
    onFinished();
  };

  const run = async () => {
    try {
      const trigger = await endpoints.runProbe(brandId);
      setState({ kind: 'queued', runId: trigger.runId });
      await poll(trigger.runId);
    } catch (error) {
      if (alive.current) setState({ kind: 'error', error });
    }
  };

  const busy = state.kind === 'queued' || state.kind === 'running';
  const progress = state.kind === 'running' ? state.status.progress : undefined;
  return (
    <div className="probe" aria-live="polite" data-testid="probe">
      <button type="button" onClick={run} disabled={busy}>
        {t('overview.runProbe')}
      </button>
      {state.kind === 'queued' && <span className="muted">{t('overview.probeQueued')}</span>}
      {state.kind === 'running' && progress && (
        <span className="probe-progress">
          <progress max={progress.total} value={progress.done} aria-label={t('overview.runProbe')} />{' '}
          {t('overview.probeProgress', { done: num(progress.done), total: num(progress.total) })}
        </span>
      )}
      {state.kind === 'done' &&
        (state.status.status === 'failed' ? (
          <Notice kind="error">{t('overview.probeFailed', { status: state.status.status })}</Notice>
        ) : (
          <Notice kind="success">
            <span data-testid="probe-done">{t('overview.probeDone', { rate: pct(state.status.visibility), n: num(state.status.sampleSize) })}</span>
          </Notice>
        ))}
      {state.kind === 'error' && (state.error instanceof ApiError && state.error.noRoute ? <Notice kind="warn">{t('common.notAvailable')}</Notice> : <ErrorNotice error={state.error} />)}
    </div>
  );
}
