/**
 * A progress bar for long CLI verbs, on stderr (stdout stays the verb's JSON output):
 *   reanalyze [############............] 1,200/3,000 answers  40.0%  310/s  ETA 6s
 * On a terminal the line is redrawn in place; otherwise (a log file, a test) a new line is
 * written at most once per `everyMs` and whenever the count reaches the total.
 */
export interface ProgressBarOptions {
  label: string;
  unit: string;
  total: number;
  stream?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Minimum time between two lines when not on a terminal. */
  everyMs?: number;
  now?: () => number;
}

const WIDTH = 24;
const count = (n: number) => n.toLocaleString('en-US');

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes}m${String(Math.ceil(seconds % 60)).padStart(2, '0')}s` : `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

export function createProgressBar(options: ProgressBarOptions) {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? Date.now;
  const tty = stream.isTTY === true;
  const everyMs = options.everyMs ?? 1_000;
  const startedAt = now();
  let first: number | undefined;
  let lastLineAt = -Infinity;
  let lastDone = -1;

  function render(done: number): string {
    const total = Math.max(options.total, 0);
    const share = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(share * WIDTH);
    const seconds = (now() - startedAt) / 1_000;
    // The rate counts what this process saw done (a resumed pass starts part-way).
    const rate = seconds > 0 ? (done - (first ?? done)) / seconds : 0;
    const eta = done >= total ? '' : rate > 0 ? `  ETA ${duration((total - done) / rate)}` : '';
    return `${options.label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${count(done)}/${count(total)} ${options.unit}  ${(share * 100).toFixed(1)}%  ${rate.toFixed(rate < 10 ? 1 : 0)}/s${eta}`;
  }

  return {
    /** The rate in units per second since the bar started. */
    rate(done: number): number {
      const seconds = (now() - startedAt) / 1_000;
      return seconds > 0 ? (done - (first ?? done)) / seconds : 0;
    },
    update(done: number): void {
      first ??= done;
      const complete = done >= options.total;
      if (tty) {
        stream.write(`\r${render(done)}\u001b[K`);
      } else if (done !== lastDone && (complete || now() - lastLineAt >= everyMs)) {
        stream.write(`${render(done)}\n`);
        lastLineAt = now();
      }
      lastDone = done;
    },
    /** Ends the bar's line (terminal) or writes the final state (otherwise). */
    finish(done: number): void {
      first ??= done;
      if (tty) stream.write(`\r${render(done)}\u001b[K\n`);
      else if (done !== lastDone) stream.write(`${render(done)}\n`);
      lastDone = done;
    },
  };
}
