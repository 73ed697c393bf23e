/**
 * Suggest: rewrite content for AI answers (rewrite.ts), list its fact claims and E-E-A-T signals,
 * estimate the lift from the brand's own data (uplift.ts); mark a suggestion applied; and after
 * enough later probes raise `uplift.measured` when the lift beats the documented threshold.
 */
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { BrandRow, BrandService } from '../brands/brands.service.js';
import { DAY_MS } from '../metrics/window.js';
import type { EventSink } from '../events/event-sink.js';
import { rewriteFor, type SuggestIntent } from './rewrite.js';
import { eeatSignalsOf, factClaims, type EeatSignal } from './signals.js';
import * as repo from './suggest.repo.js';
import { EXPECTED_LIFT, expectedLift, judgeUplift, UPLIFT_RULE } from './uplift.js';

export const MAX_SUGGEST_CONTENT = 4000;
export const SUGGEST_METRIC = 'mention_rate';

function toView(row: repo.SuggestionRow) {
  return {
    suggestionId: row.id,
    brandId: row.brandId,
    intent: row.intent,
    rewritten: row.rewritten,
    factClaims: row.factClaims,
    eeatSignals: row.eeatSignals as EeatSignal[],
    missingSignals: row.missingSignals as EeatSignal[],
    expectedLift: { metric: row.metric, delta: row.expectedDelta },
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt ? row.appliedAt.toISOString() : null,
  };
}

export function createSuggestService(deps: { db: Db; brands: BrandService; events: EventSink; now: () => number }) {
  const { db, brands, events, now } = deps;

  return {
    async suggest(accountId: string, input: { brandId: string; content: string; intent?: SuggestIntent | undefined }) {
      const brand = await brands.owned(accountId, input.brandId);
      const rewritten = rewriteFor(input.content, brand.name, input.intent);
      const signals = eeatSignalsOf(rewritten);
      const at = now();
      const basis = await repo.mentionCounts(db, brand.id, new Date(at - EXPECTED_LIFT.basisDays * DAY_MS), new Date(at), input.intent ?? null);
      const row = await repo.insertSuggestion(db, {
        accountId,
        brandId: brand.id,
        intent: input.intent ?? null,
        content: input.content,
        rewritten,
        factClaims: factClaims(input.content),
        eeatSignals: signals.found,
        missingSignals: signals.missing,
        metric: SUGGEST_METRIC,
        expectedDelta: expectedLift(signals.found.length, basis.mentions, basis.answers),
        createdAt: new Date(at),
      });
      return { ...toView(row), expectedLiftBasis: { answers: basis.answers, mentions: basis.mentions, windowDays: EXPECTED_LIFT.basisDays } };
    },

    /** Records that the content went live now; the 14 days before are the baseline. */
    async apply(accountId: string, suggestionId: string) {
      const row = isUuid(suggestionId) ? await repo.findSuggestion(db, accountId, suggestionId) : undefined;
      if (!row) throw notFound('Suggestion');
      if (row.status !== 'suggested') throw conflict(`Suggestion ${row.id} was applied already (status ${row.status}).`);
      const at = now();
      const baseline = await repo.mentionCounts(db, row.brandId, new Date(at - UPLIFT_RULE.baselineDays * DAY_MS), new Date(at), row.intent);
      const applied = await repo.markApplied(db, row.id, new Date(at), baseline);
      if (!applied) throw conflict(`Suggestion ${row.id} was applied already.`);
      return toView(applied);
    },

    /** After-run hook: judge every applied suggestion of the brand; raise `uplift.measured` on a confirmed lift. */
    async measureUplift(brand: BrandRow): Promise<number> {
      let raised = 0;
      for (const s of await repo.appliedOfBrand(db, brand.id)) {
        const at = now();
        const after = await repo.mentionCounts(db, brand.id, s.appliedAt!, new Date(at), s.intent);
        const before = { mentions: s.baselineMentions ?? 0, answers: s.baselineAnswers ?? 0 };
        const v = judgeUplift(before, after, (at - s.appliedAt!.getTime()) / DAY_MS);
        if (v.verdict === 'wait') continue;
        await db.transaction(async (tx) => {
          if (!(await repo.recordOutcome(tx, s.id, { status: v.verdict, at: new Date(at), ...after }))) return;
          if (v.verdict !== 'uplift') return;
          raised++;
          await events.emit(tx, {
            event: 'uplift.measured',
            accountId: brand.accountId,
            brandId: brand.id,
            data: { brandId: brand.id, suggestionId: s.id, metric: s.metric, before: v.before, after: v.after, lift: v.lift, measuredAt: new Date(at).toISOString() },
            occurredAt: new Date(at),
          });
        });
      }
      return raised;
    },
  };
}

export type SuggestService = ReturnType<typeof createSuggestService>;
