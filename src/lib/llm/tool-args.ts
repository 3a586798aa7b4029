/**
 * Turning a model's raw tool-call arguments into a checked call: the parse itself is core's
 * `parseToolArguments` (the agent reads unparsed calls with it too); the call keeps the raw text.
 */
import { parseToolArguments } from '$lib/core';
import type { ToolCall } from './types';

/** Builds a finished ToolCall from its parts, with a fallback id for servers that send none. */
export function finishToolCall(id: string, name: string, raw: string, index: number): ToolCall {
  const { parsed, parseError } = parseToolArguments(raw);
  return {
    id: id || `call_${index}`,
    name,
    arguments: raw,
    ...(parseError !== undefined ? { parseError } : { parsed })
  };
}
