/**
 * Build step: packs sentiment-weights.json into dist/src/analysis/sentiment-weights.bin, the form a
 * cold `sightline analyze` reads fastest (sentiment-model.ts, packWeights).
 *   node dist/src/analysis/build-sentiment-weights.js
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKED_WEIGHTS_FILE, packWeights } from './sentiment-model.js';

// The JSON is committed in src/; from dist/src/analysis that is ../../../src/analysis.
const source = join(import.meta.dirname, '../../../src/analysis/sentiment-weights.json');
writeFileSync(PACKED_WEIGHTS_FILE, packWeights(JSON.parse(readFileSync(source, 'utf8')) as Record<string, number[]>));
console.log(`sentiment weights packed → ${PACKED_WEIGHTS_FILE}`);
