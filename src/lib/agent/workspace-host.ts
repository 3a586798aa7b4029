/**
 * Adapts the workspace tool registry to the agent: the agent passes a call's signal and marks the
 * call as the AI's; the registry's other context (database, search indexes) is fixed per worker.
 */
import type { ToolContext, ToolInfo, ToolResult } from '$lib/tools';
import type { WorkspaceToolHost } from './types';

/** The part of the registry the agent uses. */
export interface RegistryLike {
  list(): ToolInfo[];
  call(id: string, input: unknown, ctx: ToolContext): Promise<ToolResult>;
}

/** A WorkspaceToolHost over `registry`, running every call with `base` plus the call's signal. */
export function registryHost(registry: RegistryLike, base: Omit<ToolContext, 'signal' | 'source'>): WorkspaceToolHost {
  return {
    list: () => registry.list(),
    call: (id, input, options) => registry.call(id, input, { ...base, signal: options.signal, source: options.source })
  };
}
