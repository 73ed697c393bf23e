/** All SQL of brands. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findOwned, insertReturning, ownedBy } from '../../db/rows.repo.js';
import { answerDailyRollups, answers, brands, competitorDailyRollups, } from '../../db/schema/scanning.js';

export type BrandRow = typeof brands.$inferSelect;

export type NewBrand = typeof brands.$inferInsert;

export async function countBrands(db: Executor, accountId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(brands).where(eq(brands.accountId, accountId));
  return Number(row?.n ?? 0);
}

export const insertBrand = (db: Executor, brand: NewBrand) => insertReturning(db, brands, brand);

export async function listBrands(db: Executor, accountId: string, limit: number): Promise<BrandRow[]> {
  return db.select().from(brands).where(eq(brands.accountId, accountId)).orderBy(desc(brands.createdAt), desc(brands.id)).limit(limit);
}

export const findBrand = (db: Executor, accountId: string, brandId: string) => findOwned(db, brands, accountId, brandId);

/** Whether a brand with this id exists in any account (operator tools: `sightline reanalyze --brand`). */
export async function brandExists(db: Executor, brandId: string): Promise<boolean> {
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
  return row !== undefined;
}

/** The account's brand of this name (case- and width-insensitive), linking a legacy query to it. */
export async function findBrandByName(db: Executor, accountId: string, name: string): Promise<BrandRow | undefined> {
  const [row] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.accountId, accountId), sql`lower(normalize(${brands.name}, NFKC)) = lower(normalize(${name}, NFKC))`))
    .orderBy(brands.createdAt)
    .limit(1);
  return row;
}

export type BrandChanges = Partial<Pick<NewBrand, 'name' | 'category' | 'website' | 'aliases' | 'competitors' | 'officialAccounts' | 'locale'>>;

export async function updateBrand(db: Executor, accountId: string, brandId: string, changes: BrandChanges): Promise<BrandRow | undefined> {
  if (Object.keys(changes).length === 0) return findBrand(db, accountId, brandId);
  const [row] = await db.update(brands).set(changes).where(ownedBy(brands, accountId, brandId)).returning();
  return row;
}

/**
 * Deletes the brand with its history: packs, incidents and the like cascade by foreign key;
 * answers (with their citations and competitor mentions) and rollups carry the id without one.
 * Runs stay (billing history) with brand_id set null.
 */
export async function deleteBrand(db: Executor, accountId: string, brandId: string): Promise<boolean> {
  const [row] = await db.delete(brands).where(ownedBy(brands, accountId, brandId)).returning({ id: brands.id });
  if (!row) return false;
  await db.delete(answerDailyRollups).where(eq(answerDailyRollups.brandId, brandId));
  await db.delete(competitorDailyRollups).where(eq(competitorDailyRollups.brandId, brandId));
  await db.delete(answers).where(eq(answers.brandId, brandId));
  return true;
}
