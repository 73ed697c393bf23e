/**
 * Token estimates for when a platform reports no `usage` (and for the simulator's own `usage`).
 * Rule of thumb from the BPE tokenisers these platforms use: about one token per CJK character
 * and about four characters per token for Latin text, plus a small overhead per chat message.
 */
import type { ChatMessage } from './types.js';

const PER_MESSAGE_OVERHEAD = 4;

function isWide(code: number): boolean {
  return (
    (code >= 0x3040 && code <= 0x30ff) || // kana
    (code >= 0x3400 && code <= 0x9fff) || // CJK ideographs (ext A + unified)
    (code >= 0xac00 && code <= 0xd7af) || // hangul
    (code >= 0xff00 && code <= 0xffef) || // full-width forms
    (code >= 0x3000 && code <= 0x303f) // CJK punctuation
  );
}

export function estimateTokens(text: string): number {
  let wide = 0;
  let narrow = 0;
  for (let i = 0; i < text.length; i++) {
    if (isWide(text.charCodeAt(i))) wide++;
    else narrow++;
  }
  return wide + Math.ceil(narrow / 4);
}

export function estimatePromptTokens(messages: readonly ChatMessage[]): number {
  let total = 3; // the reply's priming tokens
  for (const message of messages) total += PER_MESSAGE_OVERHEAD + estimateTokens(message.content);
  return total;
}
