/**
 * Loads what the analysis engine loads once per process (the Chinese segmenter and its
 * dictionary), so a benchmark's clock measures per-answer work, as a long-running worker sees it.
 */
import { createAnalyzer } from '../../src/analysis/index.js';

export function warmUpAnalysis(): void {
  const analyzer = createAnalyzer({ name: '石头', aliases: ['石头科技'] }, { competitors: [{ name: '科沃斯' }] });
  analyzer.analyze('扫地机器人推荐：1. 石头 G20，吸力强；2. 科沃斯 X2，石头科技的对手。');
}
