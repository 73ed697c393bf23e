/**
 * The operator's numbers (GET /metrics, Prometheus text format; docs/operations.md lists each
 * metric with its alert). One registry per process: the instruments below are recorded where
 * the work happens (HTTP access log, job worker, platform adapter, webhook delivery); what is
 * state rather than events (queue depth, pool use) is read when /metrics is scraped.
 *
 * HTTP timings are on every request, health checks included, so they use a histogram of our
 * own (`HttpHistogram`: one Map lookup, no key built, no label hashing or validation);
 * prom-client's histogram costs a few microseconds per observation, which the health route's
 * budget (bench/http.ts) does not have.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'sightline_' });

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  method: string;
  status: number;
  labels: Record<string, string>;
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * A histogram of HTTP requests by method, route and status, rendered by prom-client. Its hot path
 * builds no key: the route pattern and the method are the same string objects on every request
 * (Fastify's route config, Node's method table), so the Map lookup hashes nothing new, and the
 * few (method, status) pairs of a route are scanned in a short list.
 */
export class HttpHistogram {
  private readonly byRoute = new Map<string, Series[]>();
  readonly aggregator = 'sum' as const;
  readonly type = 'histogram';

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[] = LATENCY_BUCKETS,
  ) {
    registry.registerMetric(this as never);
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    let list = this.byRoute.get(route);
    if (list === undefined) {
      list = [];
      this.byRoute.set(route, list);
    }
    let s: Series | undefined;
    for (const candidate of list) {
      if (candidate.status === status && candidate.method === method) {
        s = candidate;
        break;
      }
    }
    if (s === undefined) {
      s = { method, status, labels: { method, route, status: String(status) }, buckets: new Float64Array(this.bounds.length), sum: 0, count: 0 };
      list.push(s);
    }
    for (let i = 0; i < this.bounds.length; i++) {
      if (seconds <= this.bounds[i]!) {
        s.buckets[i]!++;
        break;
      }
    }
    s.sum += seconds;
    s.count++;
  }

  /** prom-client's metric interface: cumulative buckets, +Inf, sum and count per series. */
  get(): Omit<MetricObjectWithValues<MetricValue<string>>, 'collect'> {
    const values: Array<MetricValue<string> & { metricName: string }> = [];
    for (const s of [...this.byRoute.values()].flat()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.buckets[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: 'histogram' as never, values, aggregator: 'sum' };
  }

  reset(): void {
    this.byRoute.clear();
  }
}

export const httpDuration = new HttpHistogram(
  'sightline_http_request_duration_seconds',
  'HTTP requests by method, route (the route pattern; "unmatched" for 404s) and status: latency from request to response end. _count is the request count.',
);

/** An instrument on this registry: its name, label names and help, and a histogram's buckets. */
const counter = <L extends string>(name: string, labelNames: readonly L[], help: string) =>
  new Counter<L>({ name, help, labelNames, registers: [registry] });
const gauge = <L extends string>(name: string, labelNames: readonly L[], help: string) =>
  new Gauge<L>({ name, help, labelNames, registers: [registry] });
const histogram = <L extends string>(name: string, labelNames: readonly L[], help: string, buckets: number[]) =>
  new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });

export const rateLimitRejections = counter(
  'sightline_rate_limit_rejections_total',
  ['route'],
  'Requests answered 429 because a rate limit or quota was used up, by route.',
);

export const jobOutcomes = counter(
  'sightline_jobs_total',
  ['type', 'outcome'],
  'Job attempts finished, by job type and outcome (completed, retry, failed: given up for good).',
);

export const jobDuration = histogram(
  'sightline_job_duration_seconds',
  ['type', 'outcome'],
  'Time a job attempt ran, by job type and outcome.',
  [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
);

export const jobsReady = gauge('sightline_jobs_ready', ['type'], 'Jobs due now and waiting for a worker, by job type (read at scrape).');

export const jobsScheduled = gauge(
  'sightline_jobs_scheduled',
  ['type'],
  'Jobs queued to run later (retries, delayed work), by job type (read at scrape).',
);

export const jobsRunning = gauge('sightline_jobs_running', ['type'], 'Jobs leased by a worker right now, by job type (read at scrape).');

export const jobsOldestReadyAge = gauge(
  'sightline_jobs_oldest_ready_age_seconds',
  ['type'],
  'How long the oldest due job of each type has waited for a worker; 0 when none waits (read at scrape).',
);

export const platformCalls = histogram(
  'sightline_platform_call_duration_seconds',
  ['platform', 'outcome'],
  'Calls to AI platforms (retries included), by platform and outcome (ok or the error kind). _count is the call count.',
  [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60],
);

export const webhookDeliveries = counter(
  'sightline_webhook_deliveries_total',
  ['outcome'],
  'Webhook delivery attempts, by outcome (succeeded, retrying, dead: gave up after the last attempt).',
);

export const dbPool = gauge(
  'sightline_db_pool_connections',
  ['state'],
  'Database connections of this process by state (total, idle, waiting = queries waiting for a connection, max); embedded PGlite is one connection (read at scrape).',
);

export const readCache = gauge(
  'sightline_read_cache',
  ['stat'],
  'The signed-in read cache of this process: hits and misses since start, entries and bytes held (read at scrape).',
);
