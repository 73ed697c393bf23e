/**
 * Build step: writes jieba's trimmed dictionary next to dist/src/analysis/zh-words.js so a cold
 * `sightline analyze` of a Chinese answer reads ~1 MB instead of filtering 5 MB (zh-words.ts).
 *   node dist/src/analysis/build-zh-dict.js
 */
import { writeTrimmedDictionary } from './zh-words.js';

writeTrimmedDictionary();
