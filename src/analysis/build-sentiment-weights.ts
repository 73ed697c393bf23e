/**
 * Build step: packs sentiment-weights.json into dist/src/analysis/sentiment-weights.bin, the form a
 * cold `sightline analyze` reads fastest (sentiment-model.ts, packWeights).
 *   node dist/src/analysis/build-sentiment-weights.js
 */
import { writeFileSync } from 'node:fs';
import { PACKED_WEIGHTS_FILE, packCommittedWeights } from './sentiment-model.js';

writeFileSync(PACKED_WEIGHTS_FILE, packCommittedWeights());
console.log(`sentiment weights packed → ${PACKED_WEIGHTS_FILE}`);
