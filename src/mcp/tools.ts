/**
 * The MCP tools: each one is a REST call through @sightline/client (one source of truth: the
 * key's scopes and the tier's limits apply exactly as on the REST routes), with arguments named
 * as the v1 REST fields and a concise structured answer that keeps sample sizes and intervals.
 */
import { z } from 'zod';
import type { Sightline } from '@sightline/client';

type Json = Record<string, unknown>;

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodRawShape;
  /** Scope the REST call needs (documentation; the server enforces it). */
  scope: 'read' | 'write' | 'none';
  // biome-ignore lint/suspicious/noExplicitAny: the SDK validates args against inputSchema before run; a zod shape cannot type them here.
  run: (args: any, clients: ToolClients) => Promise<Json>;
}

export interface ToolClients {
  /** Authenticated with the caller's v1 key. */
  v1: Sightline;
  /** Anonymous (the free check is the legacy surface, which refuses v1 keys). */
  anonymous: Sightline;
}

const brandId = z.string().min(1).max(100).describe("A brand id from list_brands (another account's id is not found).");
const days = (max: number, dflt: number) => z.number().int().min(1).max(max).optional().describe(`Window in days (default ${dflt}, max ${max}).`);
const LIST_CAP = 25;

/** At most LIST_CAP items, saying how many were left out. */
function capped<T>(items: readonly T[]): { items: T[]; omitted: number } {
  return { items: items.slice(0, LIST_CAP), omitted: Math.max(0, items.length - LIST_CAP) };
}

const brandSummary = (b: { id: string; name: string; category: string; website: string | null; createdAt: string; competitors: Array<{ name: string }> }) => ({
  brandId: b.id,
  name: b.name,
  category: b.category,
  website: b.website,
  competitors: b.competitors.map((c) => c.name),
  createdAt: b.createdAt,
});

/**
 * A read tool over a window of a brand's days (at most 90): the REST call with the arguments as
 * given, then the concise answer made of its result.
 */
function windowTool<T>(
  name: string,
  title: string,
  defaultDays: number,
  extraInput: z.ZodRawShape,
  // biome-ignore lint/suspicious/noExplicitAny: as ToolDef.run: validated against the zod shape by the SDK.
  call: (v1: Sightline, args: any) => Promise<T>,
  answer: (result: T) => Json,
  description: string,
): ToolDefinition {
  return {
    name,
    title,
    description,
    inputSchema: { brandId, days: days(90, defaultDays), ...extraInput },
    scope: 'read',
    run: async (args, { v1 }) => answer(await call(v1, args)),
  };
}

export const TOOLS: ToolDefinition[] = [
  {
    name: 'list_brands',
    title: 'List brands',
    description: "The account's brands (at most 100), newest first.",
    inputSchema: {},
    scope: 'read',
    run: async (_args, { v1 }) => {
      const { brands } = await v1.brands.list();
      return { brands: brands.map(brandSummary), count: brands.length };
    },
  },
  {
    name: 'get_brand',
    title: 'Get a brand',
    description: 'One brand and its last finished scan: visibility (0–1) with its sample size and 95 % Wilson interval.',
    inputSchema: { brandId },
    scope: 'read',
    run: async ({ brandId }, { v1 }) => {
      const { brand, lastScan } = await v1.brands.get(brandId);
      return { brand: brandSummary(brand), lastScan };
    },
  },
  {
    name: 'create_brand',
    title: 'Create a brand',
    description: "Creates a brand to monitor. Needs a key with the write scope; fails when the tier's brand quota is used up.",
    inputSchema: {
      name: z.string().min(1).max(100),
      category: z.string().min(1).max(100).describe('What the brand sells, e.g. "robot vacuum".'),
      website: z.string().max(2048).optional(),
      competitors: z.array(z.string().min(1).max(100)).max(20).optional(),
    },
    scope: 'write',
    run: async (args, { v1 }) => ({ brand: brandSummary((await v1.brands.create(args)).brand) }),
  },
  {
    name: 'run_probe',
    title: 'Run a probe',
    description: "Queues a probe run (every prompt of the pack on each platform). Answers the runId at once; poll with probe_status. Needs the write scope.",
    inputSchema: {
      brandId,
      platforms: z.array(z.string().min(1).max(40)).min(1).max(16).optional().describe('v1 platform ids; default every configured platform.'),
      promptPackId: z.string().min(1).max(100).optional(),
    },
    scope: 'write',
    run: async (args, { v1 }) => {
      const t = await v1.probes.run(args);
      return { runId: t.runId, status: t.status, brandId: t.brandId, platforms: t.platforms, tasks: t.tasks, estimatedCompletionMs: t.estimatedCompletionMs, simulated: t.simulated };
    },
  },
  {
    name: 'probe_status',
    title: 'Probe run status',
    description: 'Status (queued, running, completed, partial, failed), progress, visibility with sample size and 95 % interval, and per-platform results.',
    inputSchema: { runId: z.string().min(1).max(100).describe('The runId run_probe answered.') },
    scope: 'read',
    run: async ({ runId }, { v1 }) => {
      const r = await v1.probes.get(runId);
      return {
        runId: r.runId,
        brandId: r.brandId,
        status: r.status,
        progress: r.progress,
        visibility: r.visibility,
        sampleSize: r.sampleSize,
        visibilityCi: r.visibilityCi,
        results: r.results.map((p) => ({ platform: p.platform, mentioned: p.mentioned, rank: p.rank, answers: p.answers, mentions: p.mentions, failed: p.failed })),
      };
    },
  },
  windowTool('visibility_trend', 'Visibility trend', 30, {}, (v1, args) => v1.visibility(args), (t) => {
    const rows = (t.rows as Json[]).filter((r) => Number(r.answers) > 0);
    return { ...t, rows: rows.slice(-LIST_CAP), daysWithoutAnswers: t.rows.length - rows.length, omitted: Math.max(0, rows.length - LIST_CAP) };
  }, 'Daily visibility over the window: per day answers (sample size), mentions, visibility and its 95 % interval; the window total.'),
  windowTool('competitor_breakdown', 'Competitor breakdown', 30, {}, (v1, args) => v1.competitors(args), (c) => ({
    ...c,
    rows: (c.rows as Json[]).filter((r) => Number(r.answers ?? 1) > 0 || Number(r.mentions ?? 0) > 0),
  }), 'Per platform: mention rate (with answers as the sample size) and share of voice of the brand and each competitor.'),
  windowTool('citations', 'Citations', 7, { platform: z.string().min(1).max(40).optional() }, (v1, args) => v1.citations(args), (c) => {
    const { items, omitted } = capped(c.citations);
    return { citations: items, total: c.total, windowDays: c.windowDays, omitted };
  }, 'Source URLs platforms cited in answers about the brand, most recent first.'),
  {
    name: 'picker',
    title: 'Prompt picker',
    description: 'The prompts worth sampling next (highest predicted information gain first) and why.',
    inputSchema: { brandId, limit: z.number().int().min(1).max(500).optional().describe('Default 50.') },
    scope: 'read',
    run: async (args, { v1 }) => {
      const p = await v1.picker(args);
      return { brandId: p.brandId, items: p.items.map((i) => ({ prompt: i.prompt, stage: i.stage, priorityScore: i.priorityScore, reason: i.reason, lastSampledAt: i.lastSampledAt })), total: p.total };
    },
  },
  {
    name: 'authority',
    title: 'Authority score',
    description: 'GEO score and E-E-A-T subscores (0–100), citation density, 7-day trend and the answers they rest on (sampleSize).',
    inputSchema: { brandId },
    scope: 'read',
    run: async ({ brandId }, { v1 }) => ({ ...(await v1.authority(brandId)) }),
  },
  {
    name: 'sentinel_incidents',
    title: 'Sentinel incidents',
    description: 'Unclosed incidents (visibility drops, negative sentiment, …), highest severity first; status=resolved lists closed ones.',
    inputSchema: {
      brandId,
      severity: z.enum(['low', 'medium', 'high', 'critical']).optional(),
      status: z.enum(['open', 'investigating', 'resolved']).optional(),
    },
    scope: 'read',
    run: async (args, { v1 }) => {
      const r = await v1.sentinel.incidents(args);
      const { items, omitted } = capped(r.incidents.map(({ evidence: _e, detail: _d, ...rest }) => rest));
      return { incidents: items, total: r.total, omitted };
    },
  },
  {
    name: 'suggest',
    title: 'Suggest a rewrite',
    description: "Rewrites content so AI answers cite it: fact claims, E-E-A-T signals found and missing, expected lift (from the brand's mention rate). Needs the write scope.",
    inputSchema: {
      brandId,
      content: z.string().min(1).max(4000),
      intent: z.enum(['comparison', 'how-to', 'faq', 'review']).optional(),
    },
    scope: 'write',
    run: async (args, { v1 }) => ({ ...(await v1.suggest.create(args)) }),
  },
  {
    name: 'free_check',
    title: 'Free brand check',
    description: 'A quick anonymous check of how a brand shows up in AI answers (limited to 5 per IP per day).',
    inputSchema: {
      name: z.string().min(1).max(100).describe('The brand to check.'),
      category: z.string().max(100).optional().describe('Category text, e.g. "robot vacuum".'),
      competitors: z.array(z.string().min(1).max(100)).max(10).optional(),
    },
    scope: 'none',
    run: async ({ name, category, competitors }, { anonymous }) => {
      const r = await anonymous.legacy.freeCheck({ brand_name: name, ...(category ? { industry: category } : {}), ...(competitors ? { competitors } : {}) });
      return { ...r };
    },
  },
];
