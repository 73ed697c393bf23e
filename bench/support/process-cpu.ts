/**
 * CPU time of another process (Linux /proc), so a benchmark can show where a machine's cores
 * went: the worker, the simulator, PostgreSQL backends. 0 where /proc is not readable.
 */
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every mainstream Linux (getconf CLK_TCK)

/** utime + stime of one process, in seconds. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
