/**
 * The shapes around the plugin host: what it needs from the workspace worker, what it reports,
 * how a plugin tool is annotated for the registry, and the error helpers it shares.
 */
import { AppError } from '$lib/core';
import type { PluginToolInfo } from '$lib/rpc';
import type { ToolAnnotations } from '$lib/tools';
import type { PluginToolSpec } from './host-methods';
import type { PluginManifest } from './manifest';

/** What the host needs from the workspace worker. */
export interface PluginWorkspace {
  /** Adds a proxy tool whose handler is `call`; rejects when the id is taken. */
  registerTool(
    pluginId: string,
    tool: PluginToolInfo,
    call: (input: unknown) => Promise<unknown>
  ): Promise<void>;
  /** Takes the proxy tool out of the registry. */
  unregisterTool(toolId: string): Promise<void>;
  /** Runs a data call as the plugin (the worker checks the permission again). */
  callData(pluginId: string, method: string, input: unknown): Promise<unknown>;
}

/** A plugin tool as the workspace registry gets it: the worker API's type (rpc's contract). */
export type { PluginToolInfo };

/**
 * A plugin tool's annotations. It counts as read-only (which MCP clients get by default) only when
 * the plugin says so AND cannot write notes at all; it reaches the outside world when the plugin
 * has the network permission.
 */
export function pluginToolAnnotations(manifest: PluginManifest, spec: PluginToolSpec): ToolAnnotations {
  const canWrite = manifest.permissions.includes('notes:write');
  return {
    title: spec.id,
    readOnlyHint: spec.readOnly && !canWrite,
    openWorldHint: manifest.permissions.includes('network')
  };
}

/** Something that went wrong in a plugin, for the plugin manager. */
export interface PluginProblem {
  /** Unique per page, in order of occurrence. */
  id: number;
  pluginId: string;
  pluginName: string;
  message: string;
  time: number;
}

/** The longest error text taken from a plugin (its errors are untrusted text). */
const MAX_MESSAGE_CHARS = 500;

/** An error's message, cut to a length the UI can show. */
export function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS)}…` : message;
}

/** Whether the error is a deadline that passed. */
export function isTimeout(error: unknown): boolean {
  return error instanceof AppError && error.code === 'timeout';
}
