/**
 * Brands of an account: created within the tier's brand quota (402 beyond it), each born with a
 * default prompt pack, listed, and shown with its last finished scan.
 */
import type { Static } from 'typebox';
import type { PlatformId } from '../../platforms/index.js';
import type { Db } from '../../db/client.js';
import { toV1Id } from '../../platforms/index.js';
import type { CustomLimits, Tier } from '../../db/schema/identity.js';
import type { CompetitorSpec, PromptLocale } from '../../db/schema/scanning.js';
import { badRequest, notFound, quotaExceeded } from '../../lib/errors.js';
import { viewOf } from '../../lib/views.js';
import { isUuid } from '../../lib/uuid.js';
import { brandQuota } from '../limits/tiers.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { PromptService } from '../prompts/prompts.service.js';
import type { ScanService } from '../scans/scans.service.js';
import { trackedNames } from '../prompts/tagging.js';
import { aliasCandidates, competitorCandidates, suggestAliases } from './aliases.js';
import { visibilityOf } from '../scans/metrics.js';
import { byVersionDesc } from '../metrics/engine-versions.js';
import { officialHandleOf } from '../sentinel/social-accounts.js';
import * as repo from './brands.repo.js';
import type { BrandSchema } from './brands.schemas.js';

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

/** A PATCH: every field optional; absent = unchanged. */
export type BrandPatch = Partial<BrandInput>;

/** How far back competitor candidates look, and how many answers they read at most. */
const CANDIDATE_DAYS = 30;
const CANDIDATE_ANSWERS = 500;

/** A brand as the API shows it: `website` as typed, `websiteUrl` normalised for links and matching. */
export type BrandView = Static<typeof BrandSchema>;

export function toBrandView(row: repo.BrandRow): BrandView {
  return {
    ...viewOf(row, ['id', 'userId', 'name', 'category', 'website', 'aliases', 'competitors', 'officialAccounts', 'locale', 'createdAt']),
    websiteUrl: row.website ? normaliseWebsite(row.website) : null,
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
    throw badRequest('website must be a web address such as https://example.com', { field: 'website' });
  }
  if (!['http:', 'https:'].includes(url.protocol) || !url.hostname.includes('.')) {
    throw badRequest('website must be an http(s) address with a domain name', { field: 'website' });
  }
  return url.toString();
}

/** The website as given, once it is known to be a valid address (400 otherwise). */
export function validWebsite(raw: string | null | undefined): string | null {
  return normaliseWebsite(raw) === null ? null : raw!.trim();
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
    throw badRequest(`officialAccounts: "${bad.slice(0, 60)}" is not a social profile URL or a handle such as @acme`, { field: 'officialAccounts' });
  }
  return entries;
}

function required(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw badRequest(`${field} must not be blank`, { field });
  return trimmed;
}

export function createBrandService(deps: {
  db: Db;
  accounts: Pick<AccountsService, 'lock'>;
  prompts: PromptService;
  scans: Pick<ScanService, 'lastFinishedRun' | 'recentAnswerTexts' | 'engineVersionsOfRun'>;
}) {
  const { db, accounts, prompts, scans } = deps;

  async function owned(accountId: string, brandId: string): Promise<repo.BrandRow> {
    const row = isUuid(brandId) ? await repo.findBrand(db, accountId, brandId) : undefined;
    if (!row) throw notFound('Brand');
    return row;
  }

  return {
    owned,
    /** The brand, or undefined when the account has no such brand (callers that skip, not refuse). */
    find: async (accountId: string, brandId: string): Promise<repo.BrandRow | undefined> =>
      isUuid(brandId) ? repo.findBrand(db, accountId, brandId) : undefined,
    /** Whether the brand exists in any account: for operator tools, never for a tenant's request. */
    exists: async (brandId: string): Promise<boolean> => isUuid(brandId) && repo.brandExists(db, brandId),

    async create(owner: BrandOwner, input: BrandInput): Promise<BrandView> {
      const brand: repo.NewBrand = {
        accountId: owner.accountId,
        userId: owner.userId,
        name: required(input.name, 'name'),
        category: required(input.category, 'category'),
        // Stored as given (trimmed): what the user typed is what they see again.
        website: validWebsite(input.website),
        aliases: clean(input.aliases ?? []),
        competitors: competitorSpecs(input.competitors),
        officialAccounts: officialAccounts(input.officialAccounts),
        locale: input.locale ?? null,
      };
      const quota = brandQuota(owner.tier, owner.customLimits ?? null);
      const row = await db.transaction(async (tx) => {
        // The account row lock makes "count, then insert" atomic across concurrent requests.
        await accounts.lock(tx, owner.accountId);
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
          aliases: inserted.aliases,
          competitors: inserted.competitors,
        });
        return inserted;
      });
      return toBrandView(row);
    },

    /** Short forms worth adding as aliases, for the brand and each competitor (never already tracked). */
    aliasSuggestions(brand: Pick<BrandView, 'name' | 'aliases' | 'competitors'>) {
      return {
        brand: suggestAliases(brand.name, brand.aliases),
        competitors: brand.competitors
          .map((c) => ({ name: c.name, aliases: suggestAliases(c.name, c.aliases) }))
          .filter((c) => c.aliases.length > 0),
      };
    },

    /**
     * Changes the given fields. Past runs keep the names they were scanned with (their snapshot);
     * the dashboard's competitor figures follow the new list from now on.
     */
    async update(accountId: string, brandId: string, patch: BrandPatch): Promise<BrandView> {
      await owned(accountId, brandId);
      const changes: repo.BrandChanges = {};
      if (patch.name !== undefined) changes.name = required(patch.name, 'name');
      if (patch.category !== undefined) changes.category = required(patch.category, 'category');
      if (patch.website !== undefined) changes.website = normaliseWebsite(patch.website);
      if (patch.aliases !== undefined) changes.aliases = clean(patch.aliases);
      if (patch.competitors !== undefined) changes.competitors = competitorSpecs(patch.competitors);
      if (patch.officialAccounts !== undefined) changes.officialAccounts = officialAccounts(patch.officialAccounts);
      if (patch.locale !== undefined) changes.locale = patch.locale;
      const row = await repo.updateBrand(db, accountId, brandId, changes);
      if (!row) throw notFound('Brand');
      return toBrandView(row);
    },

    /** Deletes the brand, its prompt packs and its answer history (runs stay, unlinked, for billing). */
    async remove(accountId: string, brandId: string): Promise<void> {
      if (!isUuid(brandId)) throw notFound('Brand');
      const deleted = await db.transaction((tx) => repo.deleteBrand(tx, accountId, brandId));
      if (!deleted) throw notFound('Brand');
    },

    /** Brands the answers list often that the user does not track (last 30 days, newest 500 answers). */
    async competitorCandidates(accountId: string, brandId: string, now = Date.now()) {
      const row = await owned(accountId, brandId);
      const texts = await scans.recentAnswerTexts(row.id, new Date(now - CANDIDATE_DAYS * 86_400_000), CANDIDATE_ANSWERS);
      const subjects = [{ of: 'brand', name: row.name, aliases: row.aliases }, ...row.competitors.map((c) => ({ of: c.name, name: c.name, aliases: c.aliases }))];
      return {
        brandId: row.id,
        days: CANDIDATE_DAYS,
        answersRead: texts.length,
        candidates: competitorCandidates(texts, trackedNames(row)),
        aliasCandidates: aliasCandidates(texts, subjects),
      };
    },

    /** How many brands the account holds (its brand quota counts these). */
    count: (accountId: string): Promise<number> => repo.countBrands(db, accountId),

    async list(accountId: string): Promise<BrandView[]> {
      return (await repo.listBrands(db, accountId, MAX_BRANDS_LISTED)).map(toBrandView);
    },

    async detail(accountId: string, brandId: string) {
      const row = await owned(accountId, brandId);
      const run = await scans.lastFinishedRun(row.id);
      const engineVersions = run ? (await scans.engineVersionsOfRun(run.id)).sort(byVersionDesc) : [];
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
              engineVersions,
            }
          : null,
      };
    },

    findByName: (accountId: string, name: string) => repo.findBrandByName(db, accountId, name),
  };
}

export type BrandService = ReturnType<typeof createBrandService>;
