/**
 * Turning a model's raw tool-call arguments into a checked call. Models (small local ones above all)
 * sometimes write broken JSON; the call keeps the raw text and says what is wrong, so the agent can
 * answer the model with an error result it can correct rather than failing the turn.
 */
import type { ToolCall } from './types';

/** Parses raw arguments: `{parsed}` for a JSON object (empty text counts as `{}`), else `{parseError}`. */
export function parseToolArguments(raw: string): Pick<ToolCall, 'parsed' | 'parseError'> {
  if (raw.trim() === '') return { parsed: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { parseError: `The arguments are not valid JSON (${(error as Error).message}): ${raw}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { parseError: `The arguments must be a JSON object, got: ${raw}` };
  }
  return { parsed: value as Record<string, unknown> };
}

/** Builds a finished ToolCall from its parts, with a fallback id for servers that send none. */
export function finishToolCall(id: string, name: string, raw: string, index: number): ToolCall {
  return { id: id || `call_${index}`, name, arguments: raw, ...parseToolArguments(raw) };
}
