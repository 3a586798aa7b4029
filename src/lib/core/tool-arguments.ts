/**
 * Reading a model's raw tool-call arguments. Models (small local ones above all) sometimes write
 * broken JSON; the reader keeps what is wrong in words, so the agent can answer the model with an
 * error result it can correct rather than failing the turn. The providers parse every finished call
 * with it, and the agent parses with it the calls that reach it unparsed.
 */

/** `{parsed}` for a JSON object (empty text counts as `{}`), else `{parseError}` saying what is wrong. */
export type ParsedToolArguments =
  { parsed: Record<string, unknown>; parseError?: undefined } | { parsed?: undefined; parseError: string };

/** Parses raw tool-call arguments; see ParsedToolArguments. */
export function parseToolArguments(raw: string): ParsedToolArguments {
  // Some servers send "" for a call without arguments.
  if (raw.trim() === '') return { parsed: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { parseError: `The arguments are not valid JSON (${(error as Error).message}): ${raw}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { parseError: `The arguments must be a JSON object, got ${kind}: ${raw}` };
  }
  return { parsed: value as Record<string, unknown> };
}
