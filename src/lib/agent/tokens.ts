/**
 * Cheap token estimates for fitting a conversation into a model's context window. A real tokenizer
 * per provider would cost more per step than the whole loop may (issue 4: 5 ms p95), so the loop
 * counts characters (3.5 per token for English prose and Markdown) and corrects the ratio with the
 * input token counts a provider reports.
 */
import type { ChatMessage } from './types';

/** The starting guess of characters per token. */
export const DEFAULT_CHARS_PER_TOKEN = 3.5;

/** Role markers and separators a chat template adds around each message. */
const MESSAGE_OVERHEAD_TOKENS = 4;

const charCache = new WeakMap<ChatMessage, number>();

/** The characters of a message the model reads: its text and its tool calls. */
export function messageChars(message: ChatMessage): number {
  let chars = charCache.get(message);
  if (chars === undefined) {
    chars = message.content.length;
    if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? [])
        chars += call.name.length + call.arguments.length + call.id.length;
    }
    charCache.set(message, chars);
  }
  return chars;
}

/** Estimated tokens of one message. */
export function messageTokens(message: ChatMessage, charsPerToken: number): number {
  return Math.ceil(messageChars(message) / charsPerToken) + MESSAGE_OVERHEAD_TOKENS;
}

/** Estimated tokens of a run of messages. */
export function messagesTokens(messages: readonly ChatMessage[], charsPerToken: number): number {
  let total = 0;
  for (const message of messages) total += messageTokens(message, charsPerToken);
  return total;
}

/**
 * The characters-per-token ratio implied by a provider's count of the input tokens of a request, kept
 * within sane bounds so one odd report can't make the estimate absurd. `undefined` without a count.
 */
export function calibratedCharsPerToken(sentChars: number, inputTokens: number): number | undefined {
  if (!(inputTokens > 0) || sentChars <= 0) return undefined;
  return Math.min(6, Math.max(1.5, sentChars / inputTokens));
}
