/**
 * The rate a scan reports, with its sample size and a 95 % Wilson interval so an early reading
 * (3 answers) is not mistaken for a trend (docs/metrics.md). The interval is the one helper in
 * features/metrics, shared with every dashboard number.
 */
import { round4, wilson } from '../metrics/wilson.js';

/**
 * Visibility = answers that mention the brand / answers received (failed platform calls are not
 * answers and count in neither). 0 with an interval of [0, 1] when nothing was answered.
 */
export function visibilityOf(mentioned: number, answered: number) {
  return {
    visibility: answered > 0 ? round4(mentioned / answered) : 0,
    sampleSize: answered,
    visibilityCi: wilson(mentioned, answered),
  };
}
