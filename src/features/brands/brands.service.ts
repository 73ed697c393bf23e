/**
 * Brands of an account: created within the tier's brand quota (402 beyond it), each born with a
 * default prompt pack, listed, and shown with its last finished scan.
 */
import type { PlatformId } from '../../config.js';
import type { Db } from '../../db/client.js';
import { toV1Id } from '../../platforms/index.js';
import type { CustomLimits, Tier } from '../../db/schema/identity.js';
import type { CompetitorSpec, PromptLocale } from '../../db/schema/scanning.js';
import { badRequest, notFound, quotaExceeded } from '../../http/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { brandQuota } from '../limits/tiers.js';
import type { PromptService } from '../prompts/prompts.service.js';
import { lastFinishedRun } from '../scans/runs.repo.js';
import { visibilityOf } from '../scans/metrics.js';
import { officialHandleOf } from '../sentinel/accounts.js';
import * as repo from './brands.repo.js';

export type { BrandRow } from './brands.repo.js';

export const MAX_BRANDS_LISTED = 100;

export interface BrandOwner {
  accountId: string;
  userId: string | null;
  tier: Tier;
  customLimits?: CustomLimits | null;
}

export interface BrandInput {
  name: string;
  category: string;
  website?: string | null | undefined;
  aliases?: string[] | undefined;
  competitors?: Array<string | { name: string; aliases?: string[] | undefined }> | undefined;
  officialAccounts?: string[] | undefined;
  locale?: PromptLocale | null | undefined;
}

export interface BrandView {
  id: string;
  userId: string | null;
  name: string;
  category: string;
  website: string | null;
  aliases: string[];
  competitors: CompetitorSpec[];
  officialAccounts: string[];
  locale: PromptLocale | null;
  createdAt: string;
}

export function toBrandView(row: repo.BrandRow): BrandView {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    category: row.category,
    website: row.website,
    aliases: row.aliases,
    competitors: row.competitors,
    officialAccounts: row.officialAccounts,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  };
}

/** "example.com" → "https://example.com/"; anything that is not an http(s) address → 400. */
export function normaliseWebsite(raw: string | null | undefined): string | null {
  const trimmed = raw?.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw badRequest('body.website must be a web address such as https://example.com', { field: 'website' });
  }
  if (!['http:', 'https:'].includes(url.protocol) || !url.hostname.includes('.')) {
    throw badRequest('body.website must be an http(s) address with a domain name', { field: 'website' });
  }
  return url.toString();
}

const clean = (values: readonly string[]): string[] => [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];

function competitorSpecs(input: BrandInput['competitors']): CompetitorSpec[] {
  const seen = new Set<string>();
  const out: CompetitorSpec[] = [];
  for (const c of input ?? []) {
    const spec = typeof c === 'string' ? { name: c.trim(), aliases: [] } : { name: c.name.trim(), aliases: clean(c.aliases ?? []) };
    const key = spec.name.toLowerCase();
    if (spec.name === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(spec);
  }
  return out;
}

/** Each entry must name a handle (a profile URL, "@handle" or a handle), else 400. */
function officialAccounts(input: readonly string[] | undefined): string[] {
  const entries = clean(input ?? []);
  const bad = entries.find((e) => officialHandleOf(e) === null);
  if (bad !== undefined) {
    throw badRequest(`body.officialAccounts: "${bad.slice(0, 60)}" is not a social profile URL or a handle such as @acme`, { field: 'officialAccounts' });
  }
  return entries;
}

function required(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw badRequest(`body.${field} must not be blank`, { field });
  return trimmed;
}

export function createBrandService(deps: { db: Db; prompts: PromptService }) {
  const { db, prompts } = deps;

  async function owned(accountId: string, brandId: string): Promise<repo.BrandRow> {
    const row = isUuid(brandId) ? await repo.findBrand(db, accountId, brandId) : undefined;
    if (!row) throw notFound('Brand');
    return row;
  }

  return {
    owned,

    async create(owner: BrandOwner, input: BrandInput): Promise<BrandView> {
      const brand: repo.NewBrand = {
        accountId: owner.accountId,
        userId: owner.userId,
        name: required(input.name, 'name'),
        category: required(input.category, 'category'),
        website: normaliseWebsite(input.website),
        aliases: clean(input.aliases ?? []),
        competitors: competitorSpecs(input.competitors),
        officialAccounts: officialAccounts(input.officialAccounts),
        locale: input.locale ?? null,
      };
      const quota = brandQuota(owner.tier, owner.customLimits ?? null);
      const row = await db.transaction(async (tx) => {
        // The account row lock makes "count, then insert" atomic across concurrent requests.
        await repo.lockAccount(tx, owner.accountId);
        const count = await repo.countBrands(tx, owner.accountId);
        if (count >= quota) {
          throw quotaExceeded(`The ${owner.tier} tier allows ${quota} brand${quota === 1 ? '' : 's'}; upgrade the tier to add more.`);
        }
        const inserted = await repo.insertBrand(tx, brand);
        await prompts.createDefaultPack(tx, {
          id: inserted.id,
          accountId: inserted.accountId,
          name: inserted.name,
          category: inserted.category,
          competitors: inserted.competitors.map((c) => c.name),
        });
        return inserted;
      });
      return toBrandView(row);
    },

    async list(accountId: string): Promise<BrandView[]> {
      return (await repo.listBrands(db, accountId, MAX_BRANDS_LISTED)).map(toBrandView);
    },

    async detail(accountId: string, brandId: string) {
      const row = await owned(accountId, brandId);
      const run = await lastFinishedRun(db, row.id);
      return {
        brand: toBrandView(row),
        lastScan: run
          ? {
              runId: run.id,
              kind: run.kind,
              status: run.status,
              completedAt: run.completedAt!.toISOString(),
              ...visibilityOf(run.answersMentioned, run.tasksSucceeded),
              platforms: run.platforms.map((p) => toV1Id(p as PlatformId)),
            }
          : null,
      };
    },

    findByName: (accountId: string, name: string) => repo.findBrandByName(db, accountId, name),
  };
}

export type BrandService = ReturnType<typeof createBrandService>;
