/** SQL of knowledge-base pages and their content-check findings. */
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertReturning, ownedBy } from '../../db/rows.repo.js';
import { kbPages, lintIssues } from '../../db/schema/intelligence.js';
import type { LintFinding } from './lint.js';

export type PageRow = typeof kbPages.$inferSelect;
export type IssueRow = typeof lintIssues.$inferSelect;

export const insertPage = (db: Executor, row: typeof kbPages.$inferInsert) => insertReturning(db, kbPages, row);

export async function findPage(db: Executor, accountId: string, id: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(kbPages).where(ownedBy(kbPages, accountId, id)).for('update');
  return row;
}

export async function updatePage(db: Executor, id: string, patch: Partial<Pick<PageRow, 'title' | 'body' | 'url'>> & { updatedAt: Date }): Promise<PageRow> {
  const [row] = await db.update(kbPages).set(patch).where(eq(kbPages.id, id)).returning();
  if (!row) throw new Error('page update returned nothing');
  return row;
}

export async function listPages(db: Executor, brandId: string): Promise<PageRow[]> {
  return db.select().from(kbPages).where(eq(kbPages.brandId, brandId)).orderBy(desc(kbPages.updatedAt)).limit(200);
}

export async function issuesOf(db: Executor, pageIds: readonly string[]): Promise<IssueRow[]> {
  if (pageIds.length === 0) return [];
  return db.select().from(lintIssues).where(inArray(lintIssues.pageId, [...pageIds]));
}

/**
 * Makes the stored findings of a page equal `findings`: inserts new ones (returned: they raise
 * events) and deletes the ones the edit fixed.
 */
export async function syncIssues(tx: Executor, pageId: string, findings: readonly LintFinding[], at: Date): Promise<IssueRow[]> {
  const keep = findings.map((f) => f.fingerprint);
  await tx
    .delete(lintIssues)
    .where(keep.length > 0 ? and(eq(lintIssues.pageId, pageId), notInArray(lintIssues.fingerprint, keep)) : eq(lintIssues.pageId, pageId));
  if (findings.length === 0) return [];
  return tx
    .insert(lintIssues)
    .values(findings.map((f) => ({ pageId, rule: f.rule, severity: f.severity, message: f.message, fingerprint: f.fingerprint, createdAt: at })))
    .onConflictDoNothing()
    .returning();
}
