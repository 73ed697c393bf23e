/** HTTP shapes of the free check and the full query (legacy surface). */
import { Type } from 'typebox';
import { Nullable } from '../../lib/schema-types.js';
import { PlatformIdSchema } from '../../platforms/request-ids.js';

const Name = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });

export const FreeCheckBodySchema = Type.Object({
  brand_name: Name('The brand to check (required).'),
  industry: Type.Optional(Type.String({ maxLength: 100, description: 'Category text, e.g. 扫地机器人 or "robot vacuum".' })),
  aliases: Type.Optional(Type.Array(Name('Another name of the brand.'), { maxItems: 10, description: 'Other names the brand goes by ("瑞幸" for 瑞幸咖啡): an answer naming any of them counts.' })),
  competitors: Type.Optional(
    Type.Array(Type.Union([Name('A competitor name.'), Type.Object({ name: Name('A competitor name.'), aliases: Type.Optional(Type.Array(Name('Another name of the competitor.'), { maxItems: 10 })) }, { additionalProperties: false })]), { maxItems: 10 }),
  ),
});

const RateFields = {
  rate: Nullable(Type.Number()),
  ciLow: Type.Number(),
  ciHigh: Type.Number(),
  n: Type.Integer(),
  mentions: Type.Integer(),
};

const Summary = Type.Object({
  platform: Type.String(),
  total: Type.Integer({ description: 'Answers examined (failed platform calls are not answers).' }),
  mentions: Type.Integer(),
  positive: Type.Integer(),
  failed: Type.Integer(),
});

export const FreeCheckResponseSchema = Type.Object({
  runId: Type.String({ format: 'uuid' }),
  status: Type.String(),
  simulated: Type.Boolean(),
  platforms: Type.Array(Type.String()),
  summary: Type.Array(Summary),
  lookedFor: Type.Array(Type.String(), { description: 'The names an answer was searched for (brand name and aliases).' }),
  aliasSuggestions: Type.Array(Type.String(), { description: 'Short forms of the name worth adding as aliases.' }),
  overall: Type.Object(RateFields),
  perPlatform: Type.Array(
    Type.Object({
      platform: Type.String(),
      name: Type.String(),
      zh: Type.String(),
      brand: Type.Object(RateFields),
      competitors: Type.Array(Type.Object({ name: Type.String(), ...RateFields })),
      failed: Type.Integer(),
    }),
  ),
  questions: Type.Array(
    Type.Object({
      prompt: Type.String(),
      stage: Type.String(),
      locale: Type.String(),
      answers: Type.Array(
        Type.Object({
          platform: Type.String(),
          ok: Type.Boolean(),
          mentioned: Type.Boolean(),
          competitorsMentioned: Type.Array(Type.String()),
          excerpt: Type.String(),
          error: Nullable(Type.String()),
        }),
      ),
    }),
  ),
  zeroExplanation: Type.Union([
    Type.Object({ lookedFor: Type.Array(Type.String()), answers: Type.Integer(), shortFormsInAnswers: Type.Array(Type.String()), en: Type.String(), 'zh-CN': Type.String() }),
    Type.Null(),
  ]),
  rateLimitRemaining: Type.Union([Type.Integer(), Type.Null()]),
});

export const AliasSuggestQuerySchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

export const QueryBodySchema = Type.Object({
  brand: Name('The brand to look for.'),
  category: Name('The category the questions are about.'),
  platforms: Type.Optional(
    Type.Array(PlatformIdSchema(), { minItems: 1, maxItems: 16, uniqueItems: true, description: 'Legacy or v1 ids; default: every configured platform.' }),
  ),
});

export const QueryQuerySchema = Type.Object({
  mode: Type.Optional(Type.String({ maxLength: 20, description: '`all` scans all 8 platforms.' })),
});

const Result = Type.Object({
  platform: Type.String(),
  zh: Type.String(),
  model: Type.String(),
  text: Type.String(),
  analysis: Type.Unknown({ description: 'mentioned, position, rank, sentiment, snippet, mentionCount, citations, competitors' }),
  latencyMs: Nullable(Type.Number()),
  tokens: Type.Object({ prompt: Type.Integer(), completion: Type.Integer(), total: Type.Integer() }),
  costUsd: Type.Number(),
  simulated: Type.Boolean(),
});

const PlatformErrorEntry = Type.Object({ platform: Type.String(), prompt: Type.String(), kind: Type.String(), message: Type.String() });

export const QueryResponseSchema = Type.Object({
  runId: Type.String({ format: 'uuid' }),
  status: Type.String({ description: 'completed, or partial when some platform calls failed (see errors).' }),
  brand: Type.String(),
  brandId: Nullable(Type.String()),
  category: Type.String(),
  platforms: Type.Array(Type.String()),
  simulated: Type.Boolean(),
  costUsd: Type.Number(),
  chargedUsd: Type.Number(),
  summary: Type.Array(Summary),
  errors: Type.Array(PlatformErrorEntry),
  runs: Type.Array(
    Type.Object({
      prompt: Type.String(),
      promptHash: Type.String(),
      stage: Type.String(),
      intent: Type.String(),
      locale: Type.String(),
      results: Type.Array(Result),
    }),
  ),
});
