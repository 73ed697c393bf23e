/**
 * Citations: every distinct page the platforms cited in answers about a brand (newest first, with
 * the prompt hash and the citing sentence), and discovery: a page cited for a brand for the first
 * time raises `citation.discovered`, once ever per brand and page. A page is a grouping key
 * (`normalizedUrl`, measurement-rules.md §4); `sourceUrl` is the URL as an answer wrote it.
 */
import type { Static } from 'typebox';
import type { Db, Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { parsePlatformId, toV1Id, type PlatformId } from '../../platforms/index.js';
import type { BrandService } from '../brands/brands.service.js';
import type { EventSink } from '../events/event-sink.js';
import * as repo from './citations.repo.js';
import type { CitationSchema } from './citations.schemas.js';

export const DEFAULT_CITATION_DAYS = 7;
export const MAX_CITATION_DAYS = 90;

export type CitationView = Static<typeof CitationSchema>;

export function createCitationService(deps: { db: Db; brands: BrandService; events: EventSink; now: () => number }) {
  const { db, brands, events, now } = deps;
  return {
    async list(accountId: string, input: { brandId: string; days: number; platform?: string | undefined }) {
      let platform: PlatformId | null = null;
      if (input.platform !== undefined) {
        platform = parsePlatformId(input.platform);
        if (!platform) throw badRequest(`platform "${input.platform.slice(0, 40)}" is not a platform`, { field: 'platform' });
      }
      const brand = await brands.owned(accountId, input.brandId);
      const since = new Date(now() - input.days * 86_400_000);
      const found = await repo.listCitations(db, brand.id, since, platform);
      const citations: CitationView[] = found.map((c) => ({
        id: c.id,
        brandId: brand.id,
        platform: toV1Id(c.platform as PlatformId),
        sourceUrl: c.url,
        normalizedUrl: c.normalizedUrl,
        sourceDomain: c.domain,
        promptHash: c.promptHash,
        // First time this brand's answers cited the URL (its last sighting if discovery has not run yet).
        discoveredAt: (c.firstSeenAt ?? c.lastSeenAt).toISOString(),
        lastSeenAt: c.lastSeenAt.toISOString(),
        context: c.context,
      }));
      return { citations, total: found[0]?.total ?? 0, windowDays: input.days };
    },

    /** After-run hook: record first sightings of the run's URLs and raise `citation.discovered` for each. */
    async discover(runId: string, accountId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const found = await repo.recordFirstSightings(tx, runId);
        for (const d of found) {
          await events.emit(tx, {
            event: 'citation.discovered',
            accountId,
            brandId: d.brandId,
            data: {
              brandId: d.brandId,
              platform: toV1Id(d.platform as PlatformId),
              sourceUrl: d.url,
              sourceDomain: d.domain,
              promptHash: d.promptHash,
              discoveredAt: d.firstSeenAt.toISOString(),
            },
            occurredAt: d.firstSeenAt,
          });
        }
        return found.length;
      });
    },

    /** First sightings of the pages re-read answers cite, in the caller's transaction (no event: see the repo). */
    recordSightingsOf: (tx: Executor, answerIds: readonly string[]) => repo.recordSightingsOf(tx, answerIds),
  };
}

export type CitationService = ReturnType<typeof createCitationService>;
