/** SQL of suggestions and the answer counts their lift is measured on. */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findOwned, insertReturning, rows } from '../../db/rows.repo.js';
import { suggestions } from '../../db/schema/intelligence.js';

export type SuggestionRow = typeof suggestions.$inferSelect;

export const insertSuggestion = (db: Executor, row: typeof suggestions.$inferInsert) => insertReturning(db, suggestions, row);
export const findSuggestion = (db: Executor, accountId: string, id: string) => findOwned(db, suggestions, accountId, id);

/** Marks it applied once (a second call changes nothing and returns undefined). */
export async function markApplied(db: Executor, id: string, at: Date, baseline: { mentions: number; answers: number }) {
  const [row] = await db
    .update(suggestions)
    .set({ status: 'applied', appliedAt: at, baselineMentions: baseline.mentions, baselineAnswers: baseline.answers })
    .where(and(eq(suggestions.id, id), eq(suggestions.status, 'suggested')))
    .returning();
  return row;
}

export async function appliedOfBrand(db: Executor, brandId: string): Promise<SuggestionRow[]> {
  return db.select().from(suggestions).where(and(eq(suggestions.brandId, brandId), eq(suggestions.status, 'applied')));
}

export async function recordOutcome(
  db: Executor,
  id: string,
  outcome: { status: 'uplift' | 'no_uplift'; at: Date; mentions: number; answers: number },
): Promise<boolean> {
  const updated = await db
    .update(suggestions)
    .set({ status: outcome.status, measuredAt: outcome.at, afterMentions: outcome.mentions, afterAnswers: outcome.answers })
    .where(and(eq(suggestions.id, id), eq(suggestions.status, 'applied')))
    .returning({ id: suggestions.id });
  return updated.length > 0;
}

/** Successful answers and mentions of the brand in [from, to), optionally for one prompt intent. */
export async function mentionCounts(db: Executor, brandId: string, from: Date, to: Date, intent: string | null) {
  const byIntent = intent === null ? sql`` : sql`and intent = ${intent}`;
  const result = await db.execute(sql`
    select count(*)::int as answers, count(*) filter (where mentioned)::int as mentions from answers
    where brand_id = ${brandId} and created_at >= ${from} and created_at < ${to} and error_kind is null ${byIntent}`);
  const r = rows<{ answers: number; mentions: number }>(result)[0];
  return { answers: Number(r?.answers ?? 0), mentions: Number(r?.mentions ?? 0) };
}
