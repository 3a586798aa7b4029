/**
 * Fits the conversation into the model's context window (issue 4), on copies: the history the chat
 * keeps is never changed. In order:
 * 1. a tool result longer than a share of the budget is cut, with a marker saying so;
 * 2. whole earlier turns are left out, oldest first (a turn's tool calls and results go together,
 *    since providers reject a result without its call);
 * 3. if the current turn alone is still too long, its longest tool results are cut further.
 * The system prompt and the current turn's other messages are never touched.
 */
import { messagesTokens, messageTokens } from './tokens';
import type { ChatMessage, TrimInfo } from './types';

/** No tool result is cut below this many characters. */
export const MIN_RESULT_CHARS = 400;

/** The share of the budget one tool result may take before it is cut. */
const RESULT_SHARE = 0.4;

/** What `fitToContext` works on. */
export interface FitInput {
  system: ChatMessage;
  /** Earlier turns, oldest first; each starts with its user message. */
  history: readonly (readonly ChatMessage[])[];
  /** This turn so far, starting with the user message. */
  current: readonly ChatMessage[];
  budgetTokens: number;
  charsPerToken: number;
}

/** The messages to send, and what was trimmed (undefined when nothing was). */
export function fitToContext(input: FitInput): { messages: ChatMessage[]; trim?: TrimInfo } {
  const { budgetTokens, charsPerToken } = input;
  const cap = Math.max(MIN_RESULT_CHARS, Math.floor(budgetTokens * charsPerToken * RESULT_SHARE));
  const capped = input.history.map((turn) => capResults(turn, cap));
  const current = capResults(input.current, cap);

  const fixed = messageTokens(input.system, charsPerToken);
  const turnTokens = capped.map((turn) => messagesTokens(turn.messages, charsPerToken));
  let total = fixed + turnTokens.reduce((a, b) => a + b, 0) + messagesTokens(current.messages, charsPerToken);
  let dropped = 0;
  while (total > budgetTokens && dropped < capped.length) total -= turnTokens[dropped++];
  const kept = capped.slice(dropped);
  const counter = { shortened: current.shortened + kept.reduce((sum, turn) => sum + turn.shortened, 0) };
  if (total > budgetTokens) total = squeezeCurrent(current.messages, total, input, counter);

  const messages = [input.system, ...kept.flatMap((turn) => turn.messages), ...current.messages];
  if (dropped === 0 && counter.shortened === 0 && total <= budgetTokens) return { messages };
  return {
    messages,
    trim: {
      droppedTurns: dropped,
      shortenedResults: counter.shortened,
      estimatedTokens: total,
      budgetTokens,
      overBudget: total > budgetTokens
    }
  };
}

function capResults(
  turn: readonly ChatMessage[],
  cap: number
): { messages: ChatMessage[]; shortened: number } {
  let count = 0;
  const messages = turn.map((message) => {
    if (message.role !== 'tool' || message.content.length <= cap) return message;
    count++;
    return shortened(message, message.content, cap);
  });
  return { messages, shortened: count };
}

// The full text of each cut copy, so cutting it again starts from the original, with one marker.
const originals = new WeakMap<ChatMessage, { text: string; kept: number }>();

function shortened(message: ChatMessage, original: string, keep: number): ChatMessage {
  const copy = { ...message, content: shorten(original, keep) } as ChatMessage;
  originals.set(copy, { text: original, kept: keep });
  return copy;
}

/** `text` cut to `keep` characters, with a marker the model can read. */
export function shorten(text: string, keep: number): string {
  return `${text.slice(0, keep)}\n…[shortened to fit the model's context: ${keep} of ${text.length} characters shown]`;
}

/**
 * Cuts the current turn's longest tool results (replacing them in `current`) until the total is
 * within the budget or nothing more can be cut; returns the new total.
 */
function squeezeCurrent(
  current: ChatMessage[],
  total: number,
  input: FitInput,
  counter: { shortened: number }
): number {
  const { budgetTokens, charsPerToken } = input;
  const longest = current
    .map((message, index) => ({ message, index }))
    .filter(({ message }) => message.role === 'tool' && message.content.length > MIN_RESULT_CHARS)
    .sort((a, b) => b.message.content.length - a.message.content.length);
  for (const { message, index } of longest) {
    if (total <= budgetTokens) break;
    const earlier = originals.get(message);
    const original = earlier?.text ?? message.content;
    const excessChars = Math.ceil((total - budgetTokens) * charsPerToken);
    const keep = Math.max(MIN_RESULT_CHARS, (earlier?.kept ?? original.length) - excessChars);
    if (earlier && keep >= earlier.kept) continue;
    const cut = shortened(message, original, keep);
    total += messageTokens(cut, charsPerToken) - messageTokens(message, charsPerToken);
    if (!earlier) counter.shortened++;
    current[index] = cut;
  }
  return total;
}
