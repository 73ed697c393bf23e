/**
 * TypeBox fragments the response schemas of several features share, declared once so a nullable
 * field or a timestamp reads the same everywhere (and the OpenAPI document says the same).
 */
import { Type, type TSchema } from 'typebox';

/** An ISO 8601 timestamp. */
export const DateTime = Type.String({ format: 'date-time' });

/** `schema` or null: a field that is present but may be empty. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
