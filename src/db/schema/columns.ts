/**
 * Column builders the tables repeat, declared once. Each is a function: a Drizzle column builder
 * belongs to the one table it is used in, so every column gets its own.
 */
import { type AnyPgColumn, integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every time in the schema is a `timestamptz`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was inserted, set by the database. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed; the repos set it on update. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** The random uuid primary key most tables have. */
export const uuidPk = () => uuid('id').primaryKey().defaultRandom();

/** A uuid reference to the row this one belongs to: it is deleted with that row. */
export const cascadeRef = (name: string, target: () => AnyPgColumn) => uuid(name).references(target, { onDelete: 'cascade' });

/** A count kept on the row, starting at zero. */
export const counter = (name: string) => integer(name).notNull().default(0);

/** When a run-like row was queued, began and ended (the last two null until they happen). */
export const runTimes = () => ({ createdAt: createdAt(), startedAt: timestamptz('started_at'), completedAt: timestamptz('completed_at') });
