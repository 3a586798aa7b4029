/** Building MCP-shaped tool results from handler payloads and failures. */
import { AppError } from '$lib/core';
import type { ToolResult } from './types';

/** Serialises a payload as reference.md says: a string as is, anything else as pretty JSON. */
export function serializePayload(payload: unknown): string {
  if (typeof payload === 'string') return payload;
  return JSON.stringify(payload ?? null, null, 2);
}

/** A successful result; `structured` adds `structuredContent` (tools with an output schema). */
export function successResult(payload: unknown, structured: boolean): ToolResult {
  const result: ToolResult = { content: [{ type: 'text', text: serializePayload(payload) }] };
  if (structured) result.structuredContent = payload as Record<string, unknown>;
  return result;
}

/** A tool-level failure the model can read and act on. */
export function errorResult(message: string): ToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Error names of an IndexedDB that is closed, being upgraded by another tab, or failed to open. */
const DATABASE_DOWN = new Set([
  'DatabaseClosedError',
  'OpenFailedError',
  'VersionError',
  'UpgradeError',
  'InvalidStateError',
  'MissingAPIError'
]);

/**
 * The message of a failed handler. AppErrors are written for the reader already; a closed or
 * upgrading database says so and that nothing changed; anything else is an internal fault.
 */
export function failureMessage(toolId: string, error: unknown): string {
  if (error instanceof AppError) {
    if (error.code === 'storage_unavailable')
      return databaseDownMessage(errorName(error.cause) ?? 'storage unavailable');
    return error.message;
  }
  const name = errorName(error);
  if (name && DATABASE_DOWN.has(name)) return databaseDownMessage(name);
  const message = error instanceof Error ? error.message : String(error);
  return `Internal error in ${toolId}: ${message}`;
}

function errorName(error: unknown): string | undefined {
  const name = (error as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

function databaseDownMessage(detail: string): string {
  return `The notes database is not available right now; it may be closing or being upgraded (${detail}). Nothing was changed. Try the call again in a moment.`;
}
