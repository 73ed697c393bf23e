/** All SQL of brands. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema/identity.js';
import { brands, type CompetitorSpec, type PromptLocale } from '../../db/schema/scanning.js';

export type BrandRow = typeof brands.$inferSelect;

export interface NewBrand {
  accountId: string;
  userId: string | null;
  name: string;
  category: string;
  website: string | null;
  aliases: string[];
  competitors: CompetitorSpec[];
  officialAccounts: string[];
  locale: PromptLocale | null;
}

/** Serialises brand creation per account (quota check + insert) without a table lock. */
export async function lockAccount(tx: Executor, accountId: string): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

export async function countBrands(db: Executor, accountId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(brands).where(eq(brands.accountId, accountId));
  return Number(row?.n ?? 0);
}

export async function insertBrand(db: Executor, brand: NewBrand): Promise<BrandRow> {
  const [row] = await db.insert(brands).values(brand).returning();
  if (!row) throw new Error('brand insert returned nothing');
  return row;
}

export async function listBrands(db: Executor, accountId: string, limit: number): Promise<BrandRow[]> {
  return db.select().from(brands).where(eq(brands.accountId, accountId)).orderBy(desc(brands.createdAt), desc(brands.id)).limit(limit);
}

export async function findBrand(db: Executor, accountId: string, brandId: string): Promise<BrandRow | undefined> {
  const [row] = await db.select().from(brands).where(and(eq(brands.id, brandId), eq(brands.accountId, accountId)));
  return row;
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
