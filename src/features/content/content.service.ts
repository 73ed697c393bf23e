/**
 * The small knowledge base of citable brand pages and the content check behind the legacy
 * events: creating a page raises `wiki.page.created`, changing it `wiki.page.updated`, and each
 * new content-check finding `lint.issue.detected` (a finding that survives an edit is not raised
 * again). Everything happens in one transaction with its events.
 */
import type { Db, Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { BrandService } from '../brands/brands.service.js';
import type { EventSink } from '../events/event-sink.js';
import * as repo from './content.repo.js';
import { lintContent } from './lint.js';

export const MAX_PAGE_BODY = 20_000;
export const MAX_PAGE_TITLE = 200;

function view(page: repo.PageRow, issues: readonly repo.IssueRow[]) {
  return {
    id: page.id,
    brandId: page.brandId,
    title: page.title,
    url: page.url,
    body: page.body,
    createdAt: page.createdAt.toISOString(),
    updatedAt: page.updatedAt.toISOString(),
    issues: issues.map((i) => ({ id: i.id, rule: i.rule, severity: i.severity, message: i.message })),
  };
}

export function createContentService(deps: { db: Db; brands: BrandService; events: EventSink; now: () => number }) {
  const { db, brands, events, now } = deps;

  async function raiseIssues(tx: Executor, accountId: string, page: repo.PageRow, at: Date) {
    const fresh = await repo.syncIssues(tx, page.id, lintContent(page.body), at);
    for (const i of fresh) {
      await events.emit(tx, {
        event: 'lint.issue.detected',
        accountId,
        brandId: page.brandId,
        data: { issueId: i.id, pageId: page.id, rule: i.rule, severity: i.severity, message: i.message },
        occurredAt: at,
      });
    }
    return repo.issuesOf(tx, [page.id]);
  }

  return {
    check: (text: string) => ({ issues: lintContent(text).map(({ rule, severity, message }) => ({ rule, severity, message })) }),

    async create(accountId: string, input: { brandId: string; title: string; body: string; url?: string | undefined }) {
      const brand = await brands.owned(accountId, input.brandId);
      const at = new Date(now());
      return db.transaction(async (tx) => {
        const page = await repo.insertPage(tx, { accountId, brandId: brand.id, title: input.title.trim(), body: input.body, url: input.url ?? null, createdAt: at, updatedAt: at });
        await events.emit(tx, { event: 'wiki.page.created', accountId, brandId: brand.id, data: { pageId: page.id, title: page.title, url: page.url, createdAt: at.toISOString() }, occurredAt: at });
        return view(page, await raiseIssues(tx, accountId, page, at));
      });
    },

    async update(accountId: string, pageId: string, patch: { title?: string | undefined; body?: string | undefined; url?: string | null | undefined }) {
      if (!isUuid(pageId)) throw notFound('Page');
      const at = new Date(now());
      return db.transaction(async (tx) => {
        const found = await repo.findPage(tx, accountId, pageId);
        if (!found) throw notFound('Page');
        const page = await repo.updatePage(tx, pageId, {
          ...(patch.title !== undefined ? { title: patch.title.trim() } : {}),
          ...(patch.body !== undefined ? { body: patch.body } : {}),
          ...(patch.url !== undefined ? { url: patch.url } : {}),
          updatedAt: at,
        });
        await events.emit(tx, { event: 'wiki.page.updated', accountId, brandId: page.brandId, data: { pageId: page.id, title: page.title, url: page.url, updatedAt: at.toISOString() }, occurredAt: at });
        return view(page, await raiseIssues(tx, accountId, page, at));
      });
    },

    async list(accountId: string, brandId: string) {
      const brand = await brands.owned(accountId, brandId);
      const pages = await repo.listPages(db, brand.id);
      const issues = await repo.issuesOf(db, pages.map((p) => p.id));
      return { brandId: brand.id, pages: pages.map((p) => view(p, issues.filter((i) => i.pageId === p.id))), total: pages.length };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
