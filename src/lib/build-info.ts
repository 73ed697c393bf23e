import { existsSync, readFileSync } from 'node:fs';
import { fromRoot } from './paths.js';

export interface BuildInfo {
  version: string;
  commit: string | undefined;
  /** `0.1.0+abc1234`: the health report's build identifier. */
  id: string;
}

/** Reads the commit from the checkout without spawning git (cheap, works without git installed). */
function readGitCommit(): string | undefined {
  try {
    const gitDir = fromRoot('.git');
    if (!existsSync(gitDir)) return undefined;
    const head = readFileSync(`${gitDir}/HEAD`, 'utf8').trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 40);
    const ref = head.slice(5);
    const loose = `${gitDir}/${ref}`;
    if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
    const packed = `${gitDir}/packed-refs`;
    if (!existsSync(packed)) return undefined;
    const line = readFileSync(packed, 'utf8')
      .split('\n')
      .find((l) => l.endsWith(` ${ref}`));
    return line?.split(' ')[0];
  } catch {
    return undefined;
  }
}

export function buildInfo(commitOverride?: string): BuildInfo {
  const pkg = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string };
  const commit = (commitOverride ?? readGitCommit())?.slice(0, 12);
  return { version: pkg.version, commit, id: commit ? `${pkg.version}+${commit}` : pkg.version };
}
