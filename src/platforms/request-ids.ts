import { Type } from 'typebox';

/**
 * A platform id as requests accept it: the eight legacy ids plus v1's `glm` (for `zhipu`), in
 * lower case. An enum in the schema, so the OpenAPI document tells generated clients the exact
 * set and Ajv answers 400 naming the item (`platforms.1`).
 */
export const PLATFORM_REQUEST_IDS = ['deepseek', 'kimi', 'zhipu', 'glm', 'qwen', 'doubao', 'chatgpt', 'gemini', 'perplexity'] as const;
export const PlatformIdSchema = (description?: string) =>
  Type.Unsafe<string>({ type: 'string', enum: [...PLATFORM_REQUEST_IDS], ...(description ? { description } : {}) });
