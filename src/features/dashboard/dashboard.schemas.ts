/** Query and response schemas of the legacy dashboard data endpoints. */
import { Type } from 'typebox';
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

const Cell = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
const Rows = Type.Array(Type.Record(Type.String(), Cell), { description: 'The rows the CSV export writes, one object per row.' });

/** Loose on purpose: each endpoint adds its own window facts and totals around `rows`. */
export const DashboardResponseSchema = Type.Object({ rows: Rows }, { additionalProperties: true });

/** A view of figures: also which analysis engine version(s) read the answers behind them. */
export const FiguresResponseSchema = Type.Object({ rows: Rows, engineVersions: EngineVersionsSchema }, { additionalProperties: true });

/** The headline figures: loose like the others, with the engine version(s) of the current window. */
export const HeadlineResponseSchema = Type.Object({ engineVersions: EngineVersionsSchema }, { additionalProperties: true });

/** Header of exports that can be empty (no prompts, brands or incidents yet). */
export const PROMPT_COLUMNS = ['promptHash', 'prompt', 'stage', 'answers', 'mentions', 'hitRate', 'hitRateCiLow', 'hitRateCiHigh', 'avgRank', 'lastDay'];
export const CRISIS_COLUMNS = ['id', 'type', 'severity', 'status', 'title', 'evidenceCount', 'openedAt', 'updatedAt', 'resolvedAt'];
export const COMPARE_COLUMNS = ['brandId', 'name', 'answers', 'mentions', 'visibility', 'visibilityCiLow', 'visibilityCiHigh', 'positives', 'negatives', 'positiveShare', 'positiveShareCiLow', 'positiveShareCiHigh', 'negativeShare', 'negativeShareCiLow', 'negativeShareCiHigh', 'avgRank', 'rankedMentions', 'avgSentiment'];
