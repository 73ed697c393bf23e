/** All SQL of prompt packs. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findOwned, insertReturning } from '../../db/rows.repo.js';
import { accountPromptPacks, promptPacks, prompts, type AidaStage, type PromptIntent, type PromptLocale } from '../../db/schema/scanning.js';

export interface PromptRow {
  id: string;
  text: string;
  locale: PromptLocale;
  stage: AidaStage;
  intent: PromptIntent;
  hash: string;
  /** A disabled prompt is kept (and shown) but no longer asked. */
  enabled: boolean;
}

export type PackRow = typeof promptPacks.$inferSelect;

export type NewPrompt = Omit<PromptRow, 'id' | 'enabled'>;

export async function insertPack(
  db: Executor,
  pack: { accountId: string; brandId: string | null; name: string; source: 'default' | 'custom' },
  items: NewPrompt[],
): Promise<PackRow> {
  const row = await insertReturning(db, promptPacks, pack);
  if (items.length > 0) {
    await db
      .insert(prompts)
      .values(items.map((p, i) => ({ packId: row.id, position: i, text: p.text, locale: p.locale, stage: p.stage, intent: p.intent, promptHash: p.hash })))
      .onConflictDoNothing();
  }
  return row;
}

export const findPack = (db: Executor, accountId: string, packId: string) => findOwned(db, promptPacks, accountId, packId);

export async function listPacks(db: Executor, accountId: string, limit: number): Promise<PackRow[]> {
  return db.select().from(promptPacks).where(eq(promptPacks.accountId, accountId)).orderBy(desc(promptPacks.createdAt)).limit(limit);
}

export async function packPrompts(db: Executor, packId: string): Promise<PromptRow[]> {
  const rows = await db.select().from(prompts).where(eq(prompts.packId, packId)).orderBy(asc(prompts.position));
  return rows.map(toPromptRow);
}

const toPromptRow = (r: typeof prompts.$inferSelect): PromptRow => ({
  id: r.id,
  text: r.text,
  locale: r.locale,
  stage: r.stage,
  intent: r.intent,
  hash: r.promptHash,
  enabled: r.enabled,
});

/** Appends a prompt; undefined when the pack has this question already (same normalised text). */
export async function appendPrompt(db: Executor, packId: string, p: NewPrompt & { enabled?: boolean }): Promise<PromptRow | undefined> {
  const [row] = await db
    .insert(prompts)
    .values({
      packId,
      position: sql`(select coalesce(max(position), -1) + 1 from prompts where pack_id = ${packId})`,
      text: p.text,
      locale: p.locale,
      stage: p.stage,
      intent: p.intent,
      promptHash: p.hash,
      enabled: p.enabled ?? true,
    })
    .onConflictDoNothing()
    .returning();
  return row ? toPromptRow(row) : undefined;
}

export async function findPackPrompt(db: Executor, packId: string, promptId: string): Promise<PromptRow | undefined> {
  const [row] = await db.select().from(prompts).where(and(eq(prompts.packId, packId), eq(prompts.id, promptId)));
  return row ? toPromptRow(row) : undefined;
}

export async function updatePackPrompt(
  db: Executor,
  packId: string,
  promptId: string,
  changes: Partial<Pick<PromptRow, 'text' | 'locale' | 'stage' | 'intent' | 'hash' | 'enabled'>>,
): Promise<PromptRow | undefined> {
  const { hash, ...rest } = changes;
  const [row] = await db
    .update(prompts)
    .set({ ...rest, ...(hash !== undefined ? { promptHash: hash } : {}) })
    .where(and(eq(prompts.packId, packId), eq(prompts.id, promptId)))
    .returning();
  return row ? toPromptRow(row) : undefined;
}

export async function promptCounts(db: Executor, packIds: string[]): Promise<Map<string, number>> {
  if (packIds.length === 0) return new Map();
  const rows = await db
    .select({ packId: prompts.packId, n: sql<number>`count(*)::int` })
    .from(prompts)
    .where(sql`${prompts.packId} in ${packIds}`)
    .groupBy(prompts.packId);
  return new Map(rows.map((r) => [r.packId, Number(r.n)]));
}

export async function brandDefaultPack(db: Executor, brandId: string): Promise<PackRow | undefined> {
  const [row] = await db
    .select()
    .from(promptPacks)
    .where(and(eq(promptPacks.brandId, brandId), eq(promptPacks.source, 'default')));
  return row;
}

export async function bindPack(db: Executor, accountId: string, packId: string): Promise<void> {
  await db
    .insert(accountPromptPacks)
    .values({ accountId, packId })
    .onConflictDoUpdate({ target: accountPromptPacks.accountId, set: { packId, boundAt: sql`now()` } });
}

export async function boundPackId(db: Executor, accountId: string): Promise<string | null> {
  const [row] = await db.select({ packId: accountPromptPacks.packId }).from(accountPromptPacks).where(eq(accountPromptPacks.accountId, accountId));
  return row?.packId ?? null;
}
