import { Type } from 'typebox';
import { DateTime, Nullable } from '../../lib/schema-types.js';

export const ScopeSchema = Type.Union([Type.Literal('read'), Type.Literal('write'), Type.Literal('admin')]);
export const KeyTypeSchema = Type.Union([Type.Literal('legacy'), Type.Literal('v1')]);
export const KeyModeSchema = Type.Union([Type.Literal('live'), Type.Literal('test')]);

export const CreateKeyBodySchema = Type.Object(
  {
    type: KeyTypeSchema,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    scopes: Type.Optional(Type.Array(ScopeSchema, { minItems: 1, maxItems: 3, uniqueItems: true, description: 'v1 keys only; default ["read"].' })),
    mode: Type.Optional(KeyModeSchema),
    expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  },
  { additionalProperties: false },
);

export const KeyIdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

const keyFields = {
  id: Type.String(),
  name: Nullable(Type.String()),
  type: KeyTypeSchema,
  mode: Type.Union([KeyModeSchema, Type.Null()]),
  scopes: Type.Array(ScopeSchema),
  prefix: Type.String({ description: 'The first characters of the key, for recognising it; never the key.' }),
  createdAt: DateTime,
  expiresAt: Nullable(DateTime),
};

export const KeySummarySchema = Type.Object({ ...keyFields, lastUsedAt: Nullable(DateTime) });
export const KeyListSchema = Type.Object({ data: Type.Array(KeySummarySchema) });
export const CreatedKeySchema = Type.Object({
  ...keyFields,
  key: Type.String({ description: 'The key itself: shown this once, only its hash is stored.' }),
});
