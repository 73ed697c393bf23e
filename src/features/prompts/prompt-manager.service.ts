/**
 * The prompt manager: a brand's questions (its default pack) listed with their automatic tags,
 * added, edited, disabled and imported from CSV. A question's stage and intent are guessed from
 * its wording when not given; "branded" is always computed from the brand's current names.
 */
import type { Db } from '../../db/client.js';
import type { AidaStage, PromptIntent, PromptLocale } from '../../db/schema/scanning.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { BrandRow } from '../brands/brands.service.js';
import { readPromptCsv } from './csv-import.js';
import { promptHash } from './prompt-hash.js';
import * as repo from './prompts.repo.js';
import { classifyPrompt, namesInPrompt } from './tagging.js';

const CJK = /[\u3400-\u9fff]/;

export interface PromptEdit {
  text?: string | undefined;
  locale?: PromptLocale | undefined;
  stage?: AidaStage | undefined;
  intent?: PromptIntent | undefined;
  enabled?: boolean | undefined;
}

export function createPromptManagerService(deps: { db: Db; brands: { owned(accountId: string, brandId: string): Promise<BrandRow> } }) {
  const { db, brands } = deps;

  async function packOf(accountId: string, brandId: string) {
    const brand = await brands.owned(accountId, brandId);
    const pack = await repo.brandDefaultPack(db, brand.id);
    if (!pack) throw notFound('Prompt pack');
    return { brand, pack };
  }

  const view = (brand: BrandRow) => (p: repo.PromptRow) => {
    const names = namesInPrompt(p.text, brand);
    return { ...p, branded: names.length > 0, names };
  };

  function prepare(brand: BrandRow, input: { text: string; locale?: PromptLocale | undefined; stage?: AidaStage | undefined; intent?: PromptIntent | undefined }, field: string) {
    const text = input.text.trim().replace(/\s+/g, ' ');
    if (text === '') throw badRequest(`${field} must not be blank`, { field: field.replace(/^body\./, '') });
    const guess = classifyPrompt(text, brand);
    return {
      text,
      locale: input.locale ?? (CJK.test(text) ? 'zh-CN' : 'en'),
      stage: input.stage ?? guess.stage,
      intent: input.intent ?? guess.intent,
      hash: promptHash(text),
    } as const;
  }

  return {
    async list(accountId: string, brandId: string, filter: { locale?: PromptLocale | undefined } = {}) {
      const { brand, pack } = await packOf(accountId, brandId);
      const items = (await repo.packPrompts(db, pack.id)).filter((p) => !filter.locale || p.locale === filter.locale);
      const prompts = items.map(view(brand));
      return {
        brandId: brand.id,
        packId: pack.id,
        counts: { total: prompts.length, enabled: prompts.filter((p) => p.enabled).length, branded: prompts.filter((p) => p.branded).length },
        prompts,
      };
    },

    async add(accountId: string, brandId: string, input: { text: string; locale?: PromptLocale | undefined; stage?: AidaStage | undefined; intent?: PromptIntent | undefined; enabled?: boolean | undefined }) {
      const { brand, pack } = await packOf(accountId, brandId);
      const prompt = prepare(brand, input, 'body.text');
      const row = await repo.appendPrompt(db, pack.id, { ...prompt, enabled: input.enabled ?? true });
      if (!row) throw conflict('The brand already asks this question (same text once case, width and spacing are ignored).');
      return view(brand)(row);
    },

    async edit(accountId: string, brandId: string, promptId: string, edit: PromptEdit) {
      const { brand, pack } = await packOf(accountId, brandId);
      const current = isUuid(promptId) ? await repo.findPackPrompt(db, pack.id, promptId) : undefined;
      if (!current) throw notFound('Prompt');
      const text = edit.text !== undefined ? prepare(brand, { text: edit.text }, 'body.text') : undefined;
      const changes = {
        ...(text ? { text: text.text, hash: text.hash } : {}),
        ...(edit.locale !== undefined ? { locale: edit.locale } : {}),
        ...(edit.stage !== undefined ? { stage: edit.stage } : {}),
        ...(edit.intent !== undefined ? { intent: edit.intent } : {}),
        ...(edit.enabled !== undefined ? { enabled: edit.enabled } : {}),
      };
      try {
        const row = await repo.updatePackPrompt(db, pack.id, current.id, changes);
        if (!row) throw notFound('Prompt');
        return view(brand)(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('The brand already asks this question (same text once case, width and spacing are ignored).');
        throw error;
      }
    },

    /** Adds every row of the CSV (or none: a bad row is a 400 naming its line and column). Repeats are skipped and listed. */
    async importCsv(accountId: string, brandId: string, csv: string) {
      const { brand, pack } = await packOf(accountId, brandId);
      const read = readPromptCsv(csv);
      if (!read.ok) throw badRequest(read.message, { field: read.field });
      const added: ReturnType<ReturnType<typeof view>>[] = [];
      const skipped: Array<{ line: number; text: string; reason: string }> = [];
      await db.transaction(async (tx) => {
        for (const row of read.prompts) {
          const prompt = prepare(brand, row, `body.csv line ${row.line}: text`);
          const stored = await repo.appendPrompt(tx, pack.id, { ...prompt, enabled: row.enabled ?? true });
          if (stored) added.push(view(brand)(stored));
          else skipped.push({ line: row.line, text: prompt.text, reason: 'already in the brand’s prompts' });
        }
      });
      return { brandId: brand.id, packId: pack.id, added, skipped };
    },
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export type PromptManagerService = ReturnType<typeof createPromptManagerService>;
