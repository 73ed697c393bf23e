/**
 * Which analysis engine version(s) a figure comes from: the stored answers it counts, per version
 * of the engine that read them (answers.engine_version, summed from answer_engine_daily_rollups).
 * After `sightline reanalyze` every answer is at the current version; until then a window may mix.
 */
import { Type } from 'typebox';

export interface EngineVersionCount {
  version: string;
  /** Stored answers of the figure's window read by this version. */
  answers: number;
}

/** Newest version first, compared numerically part by part ("10.0.0" after "9.1.0"). */
export function byVersionDesc(a: EngineVersionCount, b: EngineVersionCount): number {
  const pa = a.version.split('.').map(Number);
  const pb = b.version.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pb[i] ?? 0) - (pa[i] ?? 0);
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return b.version.localeCompare(a.version);
}

export const EngineVersionsSchema = Type.Array(
  Type.Object({
    version: Type.String({ description: 'Analysis engine version (semver), e.g. "2.0.0".' }),
    answers: Type.Integer({ description: 'Answers of the window read by this version.' }),
  }),
  {
    description:
      'The analysis engine version(s) the figures come from, newest first, with how many of the counted answers each read. More than one until `sightline reanalyze` re-reads older answers.',
  },
);
