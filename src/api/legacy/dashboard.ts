/**
 * Legacy dashboard data: visibility timeseries, competitor and prompt breakdowns, AIDA funnel and
 * brand comparison. GET, session cookie or legacy Bearer key (120 requests/minute per key); JSON,
 * or CSV with `Accept: text/csv` / `format=csv` (same rows).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Container } from '../../container.js';
import { sendRows } from '../../http/csv-reply.js';
import {
  AidaResponseSchema,
  BrandDaysQuerySchema,
  COMPARE_COLUMNS,
  CompareResponseSchema,
  CompetitorsResponseSchema,
  DaysQuerySchema,
  HeadlineQuerySchema,
  HeadlineResponseSchema,
  MetricDefinitionsResponseSchema,
  PROMPT_COLUMNS,
  PromptsResponseSchema,
  TimeseriesResponseSchema,
} from '../../features/dashboard/dashboard.schemas.js';
import { METRIC_DEFINITIONS } from '../../features/metrics/definitions.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses } from '../../http/schemas.js';

const CSV_NOTE = ' Send `Accept: text/csv` or `format=csv` for the same rows as CSV.';

export const legacyDashboardRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (app, { container }) => {
  const { dashboard } = container.services;
  const config = { auth: 'legacy', limit: 'legacy.dashboard' } as const;
  const errors = errorResponses(400, 401, 403, 404, 429);
  const tags = ['Dashboard'];

  // The four per-brand views share everything but path, wording, service call and CSV layout.
  const perBrand = [
    {
      url: '/api/dashboard/visibility/timeseries',
      schema: TimeseriesResponseSchema,
      summary: 'Daily visibility trend',
      description: 'One row per UTC day: answers, mentions, visibility with its 95 % Wilson interval, sentiment shares, mean rank.',
      read: dashboard.timeseries,
      csv: { filename: 'visibility-timeseries' },
    },
    {
      url: '/api/dashboard/competitors/breakdown',
      schema: CompetitorsResponseSchema,
      summary: 'Brand and competitors by platform',
      description: 'Per platform (all 8): mention rate and share of voice of the brand and each competitor.',
      read: dashboard.competitors,
      csv: { filename: 'competitors-breakdown' },
    },
    {
      url: '/api/dashboard/prompts/breakdown',
      schema: PromptsResponseSchema,
      summary: 'Hit rate per monitored prompt',
      description: 'Per prompt: answers, mentions, hit rate with its interval, mean rank; lowest hit rate first.',
      read: dashboard.prompts,
      csv: { filename: 'prompts-breakdown', columns: PROMPT_COLUMNS },
    },
    {
      url: '/api/dashboard/prompts/aida',
      schema: AidaResponseSchema,
      summary: 'Mention rate per AIDA stage',
      description: 'Awareness, interest, desire, action in funnel order.',
      read: dashboard.aida,
      csv: { filename: 'prompts-aida' },
    },
  ] as const;

  for (const view of perBrand) {
    app.get(
      view.url,
      { config, schema: { summary: view.summary, description: `${view.description}${CSV_NOTE}`, tags, querystring: BrandDaysQuerySchema, response: { 200: view.schema, ...errors } } },
      async (request, reply) => {
        const q = request.query;
        const result = await view.read(principalOf(request).accountId, q.brand_id, q.days, q.prompts ?? 'all');
        return sendRows(request, reply, q.format, result, view.csv);
      },
    );
  }

  app.get(
    '/api/dashboard/headline',
    {
      config,
      schema: {
        summary: 'Headline figures',
        description:
          'Unbranded visibility, share of voice against the configured competitors, average position (with its distribution) and net sentiment, each with n, a 95 % interval and the change against the previous window of the same length (`significant` only when the intervals do not overlap); branded visibility apart; how many more days a trend needs; the analysis engine version(s) that read the window\'s answers.',
        tags,
        querystring: HeadlineQuerySchema,
        response: { 200: HeadlineResponseSchema, ...errors },
      },
    },
    async (request) => dashboard.headline(principalOf(request).accountId, request.query.brand_id, request.query.days),
  );

  app.get(
    '/api/metrics/definitions',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Metric definitions',
        description: 'Name, help text (en, zh-CN), formula, sample and interval of every headline figure: the one source the dashboard and docs/metrics.md quote.',
        tags,
        response: { 200: MetricDefinitionsResponseSchema },
      },
    },
    async () => ({ definitions: [...METRIC_DEFINITIONS] }),
  );

  app.get(
    '/api/brands/compare',
    { config, schema: { summary: "Compare the account's brands", description: `Every brand of the account, highest visibility first.${CSV_NOTE}`, tags, querystring: DaysQuerySchema, response: { 200: CompareResponseSchema, ...errors } } },
    async (request, reply) => {
      const q = request.query;
      const result = await dashboard.compare(principalOf(request).accountId, q.days);
      return sendRows(request, reply, q.format, result, { filename: 'brands-compare', columns: COMPARE_COLUMNS });
    },
  );
};
