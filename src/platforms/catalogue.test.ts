import { describe, expect, it } from 'vitest';
import { PLATFORM_IDS } from './catalogue.js';
import { PLATFORMS, costUsd, parsePlatformId, platformInfo, toLegacyId, toV1Id } from './catalogue.js';
import { parseRetryAfter } from './errors.js';
import { fullJitterDelay } from './policy.js';

describe('platform catalogue', () => {
  it('describes all eight platforms with names, an https endpoint, a model, prices and a policy', () => {
    expect(Object.keys(PLATFORMS).sort()).toEqual([...PLATFORM_IDS].sort());
    for (const id of PLATFORM_IDS) {
      const p = PLATFORMS[id];
      expect(p.id).toBe(id);
      expect(p.zh).not.toBe('');
      expect(p.defaultBaseUrl).toMatch(/^https:\/\//);
      expect(p.defaultModel).not.toBe('');
      expect(p.price.inputPerMTok).toBeGreaterThan(0);
      expect(p.policy.timeoutMs).toBeGreaterThan(0);
      expect(p.policy.concurrency).toBeGreaterThan(0);
    }
    expect(platformInfo('zhipu')).toEqual({ id: 'zhipu', v1Id: 'glm', zh: '智谱清言', name: 'Zhipu GLM' });
    expect(PLATFORMS.deepseek.zh).toBe('深度求索');
    expect(PLATFORMS.qwen.zh).toBe('通义千问');
  });

  it('translates between legacy and v1 ids', () => {
    expect(toLegacyId('glm')).toBe('zhipu');
    expect(toLegacyId('kimi')).toBe('kimi');
    expect(toV1Id('zhipu')).toBe('glm');
    expect(toV1Id('deepseek')).toBe('deepseek');
    expect(parsePlatformId(' GLM ')).toBe('zhipu');
    expect(parsePlatformId('Zhipu')).toBe('zhipu');
    expect(parsePlatformId('PERPLEXITY')).toBe('perplexity');
    expect(parsePlatformId('bard')).toBeNull();
    expect(parsePlatformId('')).toBeNull();
  });

  it('prices a call as tokens × list price plus any per-request fee', () => {
    expect(costUsd('deepseek', 1_000_000, 1_000_000)).toBeCloseTo(0.28 + 0.42, 9);
    expect(costUsd('perplexity', 0, 0)).toBeCloseTo(0.005, 9);
    expect(costUsd('chatgpt', 0, 0)).toBe(0);
  });
});

describe('retry timing', () => {
  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('Sun, 01 Jun 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Sat, 31 May 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('draws full-jitter delays below an exponentially growing, capped ceiling', () => {
    expect(fullJitterDelay(1, 100, 1_000, () => 0.999)).toBe(99);
    expect(fullJitterDelay(3, 100, 1_000, () => 0.999)).toBe(399);
    expect(fullJitterDelay(10, 100, 1_000, () => 0.999)).toBe(999);
    expect(fullJitterDelay(4, 100, 1_000, () => 0)).toBe(0);
  });
});
