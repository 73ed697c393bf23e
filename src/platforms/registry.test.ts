import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { OpenAICompatibleAdapter } from './openai-adapter.js';
import { createPlatformRegistry } from './registry.js';
import { PlatformError } from './types.js';

describe('platform registry', () => {
  it('points every platform at the simulator in simulate mode', () => {
    const registry = createPlatformRegistry(loadConfig({ PLATFORMS_MODE: 'simulate', KIMI_MODEL: 'kimi-k2' }), {
      simulatorUrl: 'http://127.0.0.1:4010/',
    });
    expect(registry.all()).toHaveLength(8);
    expect(registry.configured()).toHaveLength(8);
    const zhipu = registry.get('zhipu') as OpenAICompatibleAdapter;
    expect(zhipu).toMatchObject({ id: 'zhipu', v1Id: 'glm', zh: '智谱清言', simulated: true, configured: true, model: 'glm-4.5' });
    expect(zhipu.baseUrl).toBe('http://127.0.0.1:4010/zhipu/v1');
    expect(registry.get('kimi').model).toBe('kimi-k2');
  });

  it('refuses simulate mode without a simulator', () => {
    expect(() => createPlatformRegistry(loadConfig({ PLATFORMS_MODE: 'simulate' }))).toThrow(/simulator/);
  });

  it('uses keys, base URLs and models from the config in live mode; keyless platforms are not configured', async () => {
    const config = loadConfig({
      DEEPSEEK_API_KEY: 'sk-live',
      DEEPSEEK_BASE_URL: 'https://proxy.example.com/deepseek',
      DEEPSEEK_MODEL: 'deepseek-reasoner',
    });
    expect(config.platformsMode).toBe('live');
    const registry = createPlatformRegistry(config);
    const deepseek = registry.get('deepseek') as OpenAICompatibleAdapter;
    expect(deepseek).toMatchObject({ configured: true, simulated: false, model: 'deepseek-reasoner' });
    expect(deepseek.baseUrl).toBe('https://proxy.example.com/deepseek');
    expect((registry.get('chatgpt') as OpenAICompatibleAdapter).baseUrl).toBe('https://api.openai.com/v1');
    expect(registry.configured().map((a) => a.id)).toEqual(['deepseek']);

    const kimi = registry.get('kimi');
    expect(kimi.configured).toBe(false);
    const error = await kimi.complete({ messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).kind).toBe('not_configured');
    await expect(kimi.ping()).resolves.toEqual({
      platform: 'kimi',
      ok: false,
      configured: false,
      simulated: false,
      latencyMs: 0,
      error: 'not configured',
    });
    await registry.close();
  });
});
