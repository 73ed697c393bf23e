const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "30s" → 30000. Units: ms, s, m, h, d. Throws on anything else. */
export function parseDuration(raw: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(raw.trim());
  if (!match) throw new Error(`not a duration: ${raw}`);
  return Math.round(Number(match[1]) * UNIT_MS[match[2] as string]!);
}

/** "30s,2m,10m" → [30000, 120000, 600000]. */
export function parseDurationList(raw: string): number[] {
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === '')) throw new Error(`not a duration list: ${raw}`);
  return parts.map(parseDuration);
}
