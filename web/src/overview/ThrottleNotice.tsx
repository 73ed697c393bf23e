/**
 * Platforms that monitoring polls more slowly for this account after three 429 answers in a row
 * (GET /api/monitoring/throttles; docs/metrics.md, "Monitoring cadence"). Shows nothing otherwise.
 */
import { endpoints } from '../api/endpoints.js';
import { usePlatformNames } from '../api/platforms.js';
import { useI18n } from '../i18n/I18n.js';
import { useApi } from '../lib/useApi.js';

export function ThrottleNotice() {
  const { t, dateTime } = useI18n();
  const platforms = usePlatformNames();
  const [load] = useApi((signal) => endpoints.throttles(signal), []);
  if (load.state !== 'ready' || load.data.throttles.length === 0) return null;
  return (
    <div className="notice notice-warn small" data-testid="throttle-notice">
      <p>{t('overview.throttled')}</p>
      <ul>
        {load.data.throttles.map((th) => (
          <li key={th.platform}>{t('overview.throttledItem', { platform: platforms.name(th.platform), hours: th.intervalHours, since: dateTime(th.since) })}</li>
        ))}
      </ul>
    </div>
  );
}
