/** HTTP shapes of v1 brands. */
import { Type } from 'typebox';
import { PROMPT_LOCALES } from '../../db/schema/scanning.js';
import { EngineVersionsSchema } from '../metrics/engine-versions.js';

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Locale = Type.Union(PROMPT_LOCALES.map((l) => Type.Literal(l)));

export const CreateBrandBodySchema = Type.Object(
  {
    name: Name,
    category: Name,
    website: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
    aliases: Type.Optional(Type.Array(Name, { maxItems: 20, description: 'Other names the brand goes by (extension).' })),
    competitors: Type.Optional(
      Type.Array(
        Type.Union([
          Name,
          Type.Object({ name: Name, aliases: Type.Optional(Type.Array(Name, { maxItems: 20 })) }, { additionalProperties: false }),
        ]),
        { maxItems: 20, description: 'Competitors to track, as names or {name, aliases} (extension).' },
      ),
    ),
    officialAccounts: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        maxItems: 50,
        description: "The brand's own social accounts, as profile URLs or handles (@acme); sentinel never reports them as impersonation (extension).",
      }),
    ),
    locale: Type.Optional(Type.Union([Locale, Type.Null()], { description: 'Ask every platform in this language (extension); default per platform.' })),
  },
  { additionalProperties: false },
);

/** Every field of a brand, each optional: only the given ones change. */
export const PatchBrandBodySchema = Type.Object(
  {
    name: Type.Optional(Name),
    category: Type.Optional(Name),
    website: CreateBrandBodySchema.properties.website,
    aliases: CreateBrandBodySchema.properties.aliases,
    competitors: CreateBrandBodySchema.properties.competitors,
    officialAccounts: CreateBrandBodySchema.properties.officialAccounts,
    locale: CreateBrandBodySchema.properties.locale,
  },
  { additionalProperties: false, minProperties: 1 },
);

export const AliasSuggestionsSchema = Type.Object(
  {
    brand: Type.Array(Type.String()),
    competitors: Type.Array(Type.Object({ name: Type.String(), aliases: Type.Array(Type.String()) })),
  },
  { description: 'Short forms answers often use ("瑞幸咖啡" → "瑞幸"), not yet tracked: offered, never applied.' },
);

export const CompetitorCandidatesSchema = Type.Object({
  brandId: Type.String(),
  days: Type.Integer(),
  answersRead: Type.Integer(),
  candidates: Type.Array(
    Type.Object({ name: Type.String(), answers: Type.Integer(), share: Type.Number(), aliasSuggestions: Type.Array(Type.String()) }),
  ),
  aliasCandidates: Type.Array(
    Type.Object({
      name: Type.String({ description: 'The form the answers use.' }),
      of: Type.String({ description: '"brand", or the name of the competitor it looks like.' }),
      answers: Type.Integer(),
      share: Type.Number(),
    }),
    { description: 'Listed names that look like another form of a tracked name ("瑞幸" for 瑞幸咖啡) and are not tracked: mentions the analysis misses until they are added as aliases.' },
  ),
});

export const BrandSchema = Type.Object({
  id: Type.String(),
  userId: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  category: Type.String(),
  website: Type.Union([Type.String(), Type.Null()], { description: 'As given when the brand was created.' }),
  websiteUrl: Type.Union([Type.String({ format: 'uri' }), Type.Null()], { description: 'The website normalised to an absolute http(s) URL.' }),
  aliases: Type.Array(Type.String()),
  competitors: Type.Array(Type.Object({ name: Type.String(), aliases: Type.Array(Type.String()) })),
  officialAccounts: Type.Array(Type.String()),
  locale: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

export const BrandListSchema = Type.Object({ brands: Type.Array(BrandSchema), persisted: Type.Boolean(), authed: Type.Boolean() });
export const BrandCreatedSchema = Type.Object({ brand: BrandSchema, persisted: Type.Boolean(), aliasSuggestions: Type.Optional(AliasSuggestionsSchema) });
export const BrandUpdatedSchema = Type.Object({ brand: BrandSchema, aliasSuggestions: AliasSuggestionsSchema });
export const BrandIdParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const BrandDetailSchema = Type.Object({
  brand: BrandSchema,
  lastScan: Type.Union([
    Type.Object({
      runId: Type.String(),
      kind: Type.String(),
      status: Type.String(),
      completedAt: Type.String(),
      visibility: Type.Number({ description: 'Share (0–1) of answers that mention the brand.' }),
      sampleSize: Type.Integer({ description: 'Answers the visibility is computed from.' }),
      visibilityCi: Type.Array(Type.Number(), { description: '95 % Wilson interval of visibility.' }),
      platforms: Type.Array(Type.String()),
      engineVersions: EngineVersionsSchema,
    }),
    Type.Null(),
  ]),
});
