/**
 * Prompt packs: a brand's generated default pack (every built-in template, both locales), an
 * account's own packs, and the one an account binds as its default for probes. Planning turns a
 * pack into what each platform is asked (by the locale rule in locale.ts).
 */
import type { PlatformId } from '../../platforms/index.js';
import type { Db, Executor } from '../../db/client.js';
import type { AidaStage, PlannedPrompt, PromptIntent, PromptLocale } from '../../db/schema/scanning.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { localeFor } from './locale.js';
import { promptHash } from './prompt-hash.js';
import * as repo from './prompts.repo.js';
import { instantiate, templates, type TemplateInput } from './templates.js';

export type { PromptRow, PackRow, NewPrompt } from './prompts.repo.js';

export const MAX_PACK_PROMPTS = 200;

export interface CustomPromptInput {
  text: string;
  stage: AidaStage;
  intent: PromptIntent;
  locale?: PromptLocale | undefined;
}

export interface PackDetail {
  id: string;
  name: string;
  source: 'default' | 'custom';
  brandId: string | null;
  bound: boolean;
  createdAt: string;
  prompts: repo.PromptRow[];
}

const CJK = /[\u3400-\u9fff]/;

function toPrompt(text: string, locale: PromptLocale, stage: AidaStage, intent: PromptIntent): repo.NewPrompt {
  return { text, locale, stage, intent, hash: promptHash(text) };
}

/** Every built-in template of the given locales, filled for one brand; one prompt per hash. */
export function defaultPrompts(input: TemplateInput, locales: readonly PromptLocale[] = ['zh-CN', 'en']): repo.NewPrompt[] {
  const seen = new Set<string>();
  const out: repo.NewPrompt[] = [];
  for (const locale of locales) {
    let comparisons = 0;
    for (const t of templates(locale)) {
      const text = instantiate(t, input, t.intent === 'comparison' && t.text.includes('{competitor}') ? comparisons++ : 0);
      if (text === null) continue;
      const prompt = toPrompt(text, locale, t.stage, t.intent);
      if (seen.has(prompt.hash)) continue;
      seen.add(prompt.hash);
      out.push(prompt);
    }
  }
  return out;
}

/** Selected template slots in one locale (free check and full query). */
export function slotPrompts(
  input: TemplateInput,
  locale: PromptLocale,
  slots: ReadonlyArray<{ stage: AidaStage; intent: PromptIntent }>,
): repo.NewPrompt[] {
  const all = templates(locale);
  return slots.flatMap(({ stage, intent }) => {
    const t = all.find((x) => x.stage === stage && x.intent === intent);
    const text = t ? instantiate(t, input) : null;
    return t && text !== null ? [toPrompt(text, locale, stage, intent)] : [];
  });
}

/**
 * Which prompt each platform is asked: the prompts in the platform's locale, or every prompt of
 * the pack when it has none in that locale (a one-language custom pack is used everywhere).
 */
export function planPrompts(
  prompts: ReadonlyArray<repo.NewPrompt & { id?: string | null }>,
  platforms: readonly PlatformId[],
  brandLocale: PromptLocale | null,
): PlannedPrompt[] {
  const plan = new Map<string, PlannedPrompt>();
  for (const platform of platforms) {
    const locale = localeFor(platform, brandLocale);
    const own = prompts.filter((p) => p.locale === locale);
    for (const p of own.length > 0 ? own : prompts) {
      const entry = plan.get(p.hash) ?? { id: p.id ?? null, text: p.text, hash: p.hash, stage: p.stage, intent: p.intent, locale: p.locale, platforms: [] };
      entry.platforms.push(platform);
      plan.set(p.hash, entry);
    }
  }
  return [...plan.values()];
}

export function createPromptService(deps: { db: Db }) {
  const { db } = deps;

  async function detail(pack: repo.PackRow, accountId: string): Promise<PackDetail> {
    const [items, bound] = await Promise.all([repo.packPrompts(db, pack.id), repo.boundPackId(db, accountId)]);
    return {
      id: pack.id,
      name: pack.name,
      source: pack.source,
      brandId: pack.brandId,
      bound: bound === pack.id,
      createdAt: pack.createdAt.toISOString(),
      prompts: items,
    };
  }

  return {
    /** Called in the brand's creation transaction: every brand has a default pack from birth. */
    async createDefaultPack(
      tx: Executor,
      brand: { id: string; accountId: string; name: string; category: string; aliases?: string[]; competitors: Array<{ name: string; aliases: string[] }> },
    ) {
      const items = defaultPrompts({
        brand: brand.name,
        aliases: brand.aliases ?? [],
        category: brand.category,
        competitors: brand.competitors.map((c) => c.name),
        competitorAliases: brand.competitors.map((c) => c.aliases),
      });
      return repo.insertPack(tx, { accountId: brand.accountId, brandId: brand.id, name: `${brand.name} default`, source: 'default' }, items);
    },

    async createPack(accountId: string, input: { name: string; prompts: CustomPromptInput[]; bind?: boolean | undefined }): Promise<PackDetail> {
      if (input.prompts.length === 0) throw badRequest('prompts must contain at least one prompt', { field: 'prompts' });
      const seen = new Map<string, number>();
      const items = input.prompts.map((p, i) => {
        const text = p.text.trim();
        if (text === '') throw badRequest(`prompts.${i}.text must not be blank`, { field: `prompts.${i}.text` });
        const prompt = toPrompt(text, p.locale ?? (CJK.test(text) ? 'zh-CN' : 'en'), p.stage, p.intent);
        const earlier = seen.get(prompt.hash);
        if (earlier !== undefined) {
          throw badRequest(`prompts.${i}.text repeats prompt ${earlier} (same normalised text)`, { field: `prompts.${i}.text` });
        }
        seen.set(prompt.hash, i);
        return prompt;
      });
      const pack = await db.transaction(async (tx) => {
        const row = await repo.insertPack(tx, { accountId, brandId: null, name: input.name.trim(), source: 'custom' }, items);
        if (input.bind) await repo.bindPack(tx, accountId, row.id);
        return row;
      });
      return detail(pack, accountId);
    },

    async getPack(accountId: string, packId: string): Promise<PackDetail> {
      const pack = await repo.findPack(db, accountId, packId);
      if (!pack) throw notFound('Prompt pack');
      return detail(pack, accountId);
    },

    async listPacks(accountId: string) {
      const [packs, bound] = await Promise.all([repo.listPacks(db, accountId, 100), repo.boundPackId(db, accountId)]);
      const counts = await repo.promptCounts(db, packs.map((p) => p.id));
      return {
        boundPackId: bound,
        packs: packs.map((p) => ({
          id: p.id,
          name: p.name,
          source: p.source,
          brandId: p.brandId,
          bound: p.id === bound,
          promptCount: counts.get(p.id) ?? 0,
          createdAt: p.createdAt.toISOString(),
        })),
      };
    },

    async bind(accountId: string, packId: string): Promise<PackDetail> {
      const pack = await repo.findPack(db, accountId, packId);
      if (!pack) throw notFound('Prompt pack');
      await repo.bindPack(db, accountId, packId);
      return detail(pack, accountId);
    },

    /**
     * The prompts a probe asks: the named pack, else the account's bound pack, else the brand's
     * default pack. A pack of another account is "not found".
     */
    async promptsForProbe(accountId: string, brandId: string, packId: string | undefined) {
      const chosen =
        packId !== undefined
          ? await repo.findPack(db, accountId, packId)
          : await repo.boundPackId(db, accountId).then(async (bound) =>
              bound ? repo.findPack(db, accountId, bound) : repo.brandDefaultPack(db, brandId),
            );
      if (!chosen) {
        if (packId !== undefined) throw notFound('Prompt pack');
        throw new Error(`brand ${brandId} has no default prompt pack`);
      }
      // Disabled prompts stay in the pack (and in history) but are not asked.
      return { packId: chosen.id, prompts: (await repo.packPrompts(db, chosen.id)).filter((p) => p.enabled) };
    },
  };
}

export type PromptService = ReturnType<typeof createPromptService>;
