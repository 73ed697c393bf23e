/** Query and response schemas of the legacy dashboard data endpoints. */
import { Type, type Static } from 'typebox';
import { AIDA_STAGES } from '../../db/schema/scanning.js';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from '../../db/schema/intelligence.js';
import { EngineVersionsSchema } from '../metrics/engine-versions.js';
import { DEFAULT_DAYS, MAX_DAYS } from './dashboard.service.js';

const Days = Type.Integer({
  minimum: 1,
  maximum: MAX_DAYS,
  default: DEFAULT_DAYS,
  description: `Window in UTC days ending today (today counts as day 1). Default ${DEFAULT_DAYS}, maximum ${MAX_DAYS}.`,
});
const BrandIdParam = Type.String({ minLength: 1, maxLength: 64, description: "One of the account's brand ids (unknown → 404)." });
const Format = Type.Optional(
  Type.Union([Type.Literal('json'), Type.Literal('csv')], { description: 'csv = the same rows as CSV (or send Accept: text/csv).' }),
);

const Prompts = Type.Optional(
  Type.Union([Type.Literal('all'), Type.Literal('unbranded'), Type.Literal('branded')], {
    default: 'all',
    description: 'Which prompts to count: unbranded (name neither the brand nor a competitor; the headline figures), branded, or all (default).',
  }),
);

export const BrandDaysQuerySchema = Type.Object({ brand_id: BrandIdParam, days: Days, format: Format, prompts: Prompts }, { additionalProperties: false });
export const HeadlineQuerySchema = Type.Object({ brand_id: BrandIdParam, days: Days }, { additionalProperties: false });
export const DaysQuerySchema = Type.Object({ days: Days, format: Format }, { additionalProperties: false });
export const BrandQuerySchema = Type.Object({ brand_id: BrandIdParam, format: Format }, { additionalProperties: false });

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const Day = Type.String({ description: 'UTC day, YYYY-MM-DD.' });

/** A rate as three columns: `<prefix>` (null without a sample) and its 95 % Wilson interval (rateColumns in metrics/counts.ts). */
function rateColumnSchemas<P extends string>(prefix: P, description: string) {
  return {
    [prefix]: Type.Union([Type.Number(), Type.Null()], { description: `${description} (null without a sample).` }),
    [`${prefix}CiLow`]: Type.Number({ description: 'Lower bound of its 95 % Wilson interval.' }),
    [`${prefix}CiHigh`]: Type.Number({ description: 'Upper bound of its 95 % Wilson interval.' }),
  } as { [K in P]: typeof NullableNumber } & { [K in `${P}CiLow` | `${P}CiHigh`]: ReturnType<typeof Type.Number> };
}

/** The columns every "counts" row shares (summaryColumns in dashboard.service.ts). */
const SummaryColumns = {
  answers: Type.Integer({ description: 'Answers examined.' }),
  mentions: Type.Integer({ description: 'Answers naming the brand.' }),
  ...rateColumnSchemas('visibility', 'mentions / answers'),
  positives: Type.Integer(),
  negatives: Type.Integer(),
  ...rateColumnSchemas('positiveShare', 'positive mentions / mentions'),
  ...rateColumnSchemas('negativeShare', 'negative mentions / mentions'),
  avgRank: NullableNumber,
  rankedMentions: Type.Integer({ description: 'Mentions with a rank (the sample of avgRank).' }),
  avgSentiment: NullableNumber,
};

const WindowFacts = {
  days: Type.Integer(),
  from: Day,
  to: Day,
};
const PromptsCounted = Type.Union([Type.Literal('all'), Type.Literal('unbranded'), Type.Literal('branded')]);
const PerBrandFacts = { brandId: Type.String(), ...WindowFacts, prompts: PromptsCounted, engineVersions: EngineVersionsSchema };

export const TimeseriesResponseSchema = Type.Object({
  ...PerBrandFacts,
  total: Type.Object(SummaryColumns),
  rows: Type.Array(Type.Object({ day: Day, ...SummaryColumns, runs: Type.Integer({ description: 'Runs that finished that day.' }) })),
});

export const CompetitorsResponseSchema = Type.Object({
  ...PerBrandFacts,
  rows: Type.Array(
    Type.Object({
      platform: Type.String({ description: 'v1 platform id.' }),
      platformName: Type.String(),
      name: Type.String({ description: 'The brand or a competitor.' }),
      isBrand: Type.Boolean(),
      answers: Type.Integer({ description: "The platform's answers." }),
      mentions: Type.Integer(),
      ...rateColumnSchemas('mentionRate', 'mentions / answers'),
      ...rateColumnSchemas('shareOfVoice', 'mentions / all brand and competitor mentions'),
      ...rateColumnSchemas('positiveShare', 'positive mentions / mentions'),
      avgRank: NullableNumber,
      rankedMentions: Type.Integer(),
    }),
  ),
});

export const PromptsResponseSchema = Type.Object({
  ...PerBrandFacts,
  total: Type.Integer({ description: 'Rows.' }),
  rows: Type.Array(
    Type.Object({
      promptHash: Type.String(),
      prompt: Type.String(),
      stage: Type.String(),
      branded: Type.Boolean(),
      answers: Type.Integer(),
      mentions: Type.Integer(),
      ...rateColumnSchemas('hitRate', 'mentions / answers'),
      avgRank: NullableNumber,
      lastDay: Day,
    }),
  ),
});

export const AidaResponseSchema = Type.Object({
  ...PerBrandFacts,
  rows: Type.Array(Type.Object({ stage: Type.Enum(AIDA_STAGES), ...SummaryColumns })),
});

export const CompareResponseSchema = Type.Object({
  ...WindowFacts,
  engineVersions: EngineVersionsSchema,
  rows: Type.Array(Type.Object({ brandId: Type.String(), name: Type.String(), ...SummaryColumns })),
});

const RateSchema = Type.Object({ rate: NullableNumber, ciLow: Type.Number(), ciHigh: Type.Number(), n: Type.Integer(), successes: Type.Integer() });

export const SentimentResponseSchema = Type.Object({
  brandId: Type.String(),
  ...WindowFacts,
  engineVersions: EngineVersionsSchema,
  totals: Type.Object({
    mentions: Type.Integer(),
    positives: Type.Integer(),
    neutrals: Type.Integer(),
    negatives: Type.Integer(),
    positiveShare: RateSchema,
    negativeShare: RateSchema,
    avgSentiment: NullableNumber,
  }),
  alerts: Type.Array(
    Type.Object({
      source: Type.Union([Type.Literal('live'), Type.Literal('incident')], { description: 'live: the check of the last 2 days; incident: a negative-spike incident.' }),
      severity: Type.Enum(INCIDENT_SEVERITIES),
      title: Type.String(),
      incidentId: Type.Union([Type.String(), Type.Null()]),
      status: Type.Union([Type.Enum(INCIDENT_STATUSES), Type.Null()]),
      openedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
  ),
  rows: Type.Array(
    Type.Object({
      day: Day,
      mentions: Type.Integer(),
      positives: Type.Integer(),
      neutrals: Type.Integer(),
      negatives: Type.Integer(),
      ...rateColumnSchemas('negativeShare', 'negative mentions / mentions'),
      avgSentiment: NullableNumber,
    }),
  ),
});

export const CrisisResponseSchema = Type.Object({
  brandId: Type.String(),
  total: Type.Integer(),
  rows: Type.Array(
    Type.Object({
      id: Type.String(),
      type: Type.Enum(INCIDENT_TYPES),
      severity: Type.Enum(INCIDENT_SEVERITIES),
      status: Type.Enum(INCIDENT_STATUSES),
      title: Type.String(),
      evidenceCount: Type.Integer(),
      openedAt: Type.String({ format: 'date-time' }),
      updatedAt: Type.String({ format: 'date-time' }),
      resolvedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
  ),
});

/** One headline figure of one window (metrics/headline.ts Estimate). */
const EstimateFields = { value: NullableNumber, ciLow: NullableNumber, ciHigh: NullableNumber, n: Type.Integer({ description: 'Sample size.' }) };
const FigureFields = {
  ...EstimateFields,
  previous: Type.Object(EstimateFields, { description: 'The same figure over the window before.' }),
  change: Type.Union([Type.Number(), Type.Null()], { description: 'value − previous value; null when either window has no sample.' }),
  significant: Type.Boolean({ description: "True only when the two windows' intervals do not overlap." }),
  direction: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('flat'), Type.Null()]),
};
const FigureSchema = Type.Object(FigureFields);

/** The headline figures (docs/metrics.md, "Headline figures"), with the engine version(s) of the current window. */
export const HeadlineResponseSchema = Type.Object({
  brandId: Type.String(),
  ...WindowFacts,
  previous: Type.Object(WindowFacts, { description: 'The window the changes compare against.' }),
  engineVersions: EngineVersionsSchema,
  visibility: FigureSchema,
  brandedVisibility: FigureSchema,
  shareOfVoice: FigureSchema,
  averagePosition: Type.Object({
    ...FigureFields,
    distribution: Type.Array(Type.Object({ bucket: Type.String(), count: Type.Integer(), share: NullableNumber })),
  }),
  netSentiment: FigureSchema,
  answers: Type.Object({ unbranded: Type.Integer(), branded: Type.Integer() }),
  competitors: Type.Integer({ description: 'Competitors configured now (0: no share of voice).' }),
  trend: Type.Object({ daysWithAnswers: Type.Integer(), daysNeeded: Type.Integer(), moreDaysNeeded: Type.Integer() }),
});

const Localized = Type.Object({ en: Type.String(), 'zh-CN': Type.String() });
export const MetricDefinitionsResponseSchema = Type.Object({
  definitions: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Localized,
      help: Localized,
      formula: Type.String({ description: 'The formula as docs/metrics.md writes it.' }),
      sample: Type.String({ description: 'What n counts.' }),
      interval: Type.String(),
    }),
  ),
});

export type Timeseries = Static<typeof TimeseriesResponseSchema>;
export type CompetitorBreakdown = Static<typeof CompetitorsResponseSchema>;
export type PromptBreakdown = Static<typeof PromptsResponseSchema>;
export type AidaFunnel = Static<typeof AidaResponseSchema>;
export type BrandComparison = Static<typeof CompareResponseSchema>;
export type SentimentOverview = Static<typeof SentimentResponseSchema>;
export type CrisisIncidents = Static<typeof CrisisResponseSchema>;
export type Headline = Static<typeof HeadlineResponseSchema>;

/** Header of exports that can be empty (no prompts, brands or incidents yet). */
export const PROMPT_COLUMNS = ['promptHash', 'prompt', 'stage', 'answers', 'mentions', 'hitRate', 'hitRateCiLow', 'hitRateCiHigh', 'avgRank', 'lastDay'];
export const CRISIS_COLUMNS = ['id', 'type', 'severity', 'status', 'title', 'evidenceCount', 'openedAt', 'updatedAt', 'resolvedAt'];
export const COMPARE_COLUMNS = ['brandId', 'name', 'answers', 'mentions', 'visibility', 'visibilityCiLow', 'visibilityCiHigh', 'positives', 'negatives', 'positiveShare', 'positiveShareCiLow', 'positiveShareCiHigh', 'negativeShare', 'negativeShareCiLow', 'negativeShareCiHigh', 'avgRank', 'rankedMentions', 'avgSentiment'];
