/**
 * Which language a platform is asked in. The rule (docs/decisions.md): a brand with a `locale`
 * is asked in that language everywhere; otherwise the Chinese platforms (DeepSeek, Kimi, Zhipu,
 * Qwen, Doubao) are asked in Chinese and the international ones (ChatGPT, Gemini, Perplexity) in
 * English — the language their users ask in, which is what the brand's visibility depends on.
 */
import type { PlatformId } from '../../platforms/index.js';
import type { PromptLocale } from '../../db/schema/scanning.js';

const CHINESE_PLATFORMS: ReadonlySet<PlatformId> = new Set(['deepseek', 'kimi', 'zhipu', 'qwen', 'doubao']);

export function localeFor(platform: PlatformId, brandLocale: PromptLocale | null): PromptLocale {
  if (brandLocale) return brandLocale;
  return CHINESE_PLATFORMS.has(platform) ? 'zh-CN' : 'en';
}
