/** HTTP shapes of the knowledge base and content check (legacy dashboard endpoints). */
import { Type } from 'typebox';
import { DateTime, Nullable } from '../../lib/schema-types.js';
import { MAX_PAGE_BODY, MAX_PAGE_TITLE } from './content.service.js';

const Title = Type.String({ minLength: 1, maxLength: MAX_PAGE_TITLE });
const Body = Type.String({ minLength: 1, maxLength: MAX_PAGE_BODY, description: `Markdown, at most ${MAX_PAGE_BODY} characters.` });
const Url = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2000 });

export const CreatePageBodySchema = Type.Object(
  { brand_id: Type.String({ minLength: 1, maxLength: 100 }), title: Title, body: Body, url: Type.Optional(Url) },
  { additionalProperties: false },
);
export const UpdatePageBodySchema = Type.Object(
  { title: Type.Optional(Title), body: Type.Optional(Body), url: Type.Optional(Type.Union([Url, Type.Null()])) },
  { additionalProperties: false, minProperties: 1 },
);
export const PageIdParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const PagesQuerySchema = Type.Object({ brand_id: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });
export const CheckBodySchema = Type.Object({ text: Body }, { additionalProperties: false });

const Issue = Type.Object({ rule: Type.String(), severity: Type.String(), message: Type.String() });
const StoredIssue = Type.Object({ id: Type.String(), rule: Type.String(), severity: Type.String(), message: Type.String() });

export const PageSchema = Type.Object({
  id: Type.String(),
  brandId: Type.String(),
  title: Type.String(),
  url: Nullable(Type.String()),
  body: Type.String(),
  createdAt: DateTime,
  updatedAt: DateTime,
  issues: Type.Array(StoredIssue),
});
export const PageListSchema = Type.Object({ brandId: Type.String(), pages: Type.Array(PageSchema), total: Type.Integer() });
export const CheckResponseSchema = Type.Object({ issues: Type.Array(Issue) });
