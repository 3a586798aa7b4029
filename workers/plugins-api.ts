/**
 * The plugin part of the workspace API: the installed plugins (the `plugins` table), the proxy
 * tools that running plugins register, and the data calls plugins make.
 *
 * Plugins run in sandbox frames on the page (src/lib/plugins); their tools must live in this
 * worker's registry so the sidebar, MCP and WebMCP all see them. So the page registers each one
 * with a Comlink proxy callback: the proxy tool's handler calls back to the page, which calls the
 * frame. A plugin's data call runs a built-in tool as the plugin (source 'plugin'), after checking
 * here again, against the stored manifest, that the plugin is installed, enabled and permitted.
 */
import * as Comlink from 'comlink';
import { SESSION_TOOL_NAMES } from '$lib/agent';
import { AppError } from '$lib/core';
import type { FolioDatabase, PluginRecord } from '$lib/db';
import type { PluginToolCallback } from '$lib/rpc';
import { dataMethod, parsePluginFile, validateManifest, type PluginToolInfo } from '$lib/plugins';
import {
  reservedLookalike,
  type ToolAnnotations,
  type ToolContext,
  type ToolHandle,
  type ToolInfo,
  type ToolRegistry,
  type ToolResult
} from '$lib/tools';

/** What the plugin API is built from (a part of WorkspaceServices). */
export interface PluginsApiDeps {
  db: FolioDatabase;
  registry: Pick<ToolRegistry, 'register' | 'call' | 'list'>;
  toolContext(options: { source: 'plugin'; caller?: string; signal?: AbortSignal }): ToolContext;
}

/** A plugin tool as the page registers it (see pluginToolAnnotations for its annotations). */
export type { PluginToolInfo };

function annotationsOf(info: PluginToolInfo): ToolAnnotations {
  const hints = info.annotations ?? {};
  return {
    title: info.id,
    readOnlyHint: hints.readOnlyHint === true,
    openWorldHint: hints.openWorldHint === true
  };
}

/**
 * Why a plugin may not have the id `id`, or undefined: it may not equal or look like one of Folio's
 * own tools (built-in or session, in any letter case: toolIdSkeleton), nor another plugin's tool.
 * MCP and WebMCP list the registry, so this is also what keeps a plugin tool from being served
 * under a built-in's name.
 */
export function namespaceRefusal(id: string, tools: readonly ToolInfo[]): string | undefined {
  const own = [...SESSION_TOOL_NAMES, ...tools.filter((tool) => !tool.plugin).map((tool) => tool.id)];
  const builtin = reservedLookalike(id, own);
  if (builtin === id) return `"${id}" is the id of one of Folio's own tools.`;
  if (builtin) return `"${id}" looks like Folio's own tool "${builtin}".`;
  const other = tools.find((tool) => tool.plugin && reservedLookalike(id, [tool.id]));
  if (other?.id === id)
    return `A tool with id "${id}" is already registered by the plugin ${other.plugin!.pluginName}.`;
  if (other) return `"${id}" looks like the tool "${other.id}" of the plugin ${other.plugin!.pluginName}.`;
  return undefined;
}

/** Releases a Comlink proxy from the page; plain objects (tests) have no release method. */
function release(value: unknown): void {
  const releaser = (value as { [Comlink.releaseProxy]?: () => void } | null)?.[Comlink.releaseProxy];
  if (typeof releaser === 'function') releaser.call(value);
}

/** The payload of a tool result: its JSON text parsed, or the text itself. */
function payloadOf(result: ToolResult): unknown {
  const text = result.content.map((c) => c.text).join('');
  if (result.isError) throw new AppError('invalid_argument', text);
  if (result.structuredContent) return result.structuredContent;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Builds the plugin methods of the workspace API. */
export function createPluginsApi(deps: PluginsApiDeps) {
  const { db, registry } = deps;
  const tools = new Map<string, { handle: ToolHandle; callback: PluginToolCallback; pluginId: string }>();

  async function installedPlugin(pluginId: string): Promise<PluginRecord> {
    const record = await db.plugins.get(pluginId);
    if (!record) throw new AppError('not_found', `No plugin with id ${pluginId} is installed.`);
    return record;
  }

  return {
    /** The installed plugins, oldest first. */
    async listPlugins(): Promise<PluginRecord[]> {
      const records = await db.plugins.toArray();
      return records.sort((a, b) => a.installed_time - b.installed_time);
    },

    /** Installs a plugin file (see src/lib/plugins/manifest.ts), replacing an older version with the same id. */
    async installPlugin(fileText: string): Promise<PluginRecord> {
      const { manifest, script } = parsePluginFile(fileText);
      const existing = await db.plugins.get(manifest.id);
      const record: PluginRecord = {
        id: manifest.id,
        manifest: { ...manifest },
        script,
        enabled: existing?.enabled ?? true,
        installed_time: existing?.installed_time ?? Date.now()
      };
      await db.plugins.put(record);
      return record;
    },

    /** Turns a plugin on or off (the page starts or stops its frame). */
    async setPluginEnabled(pluginId: string, enabled: boolean): Promise<PluginRecord> {
      const record = await installedPlugin(pluginId);
      const next = { ...record, enabled: enabled === true };
      await db.plugins.put(next);
      return next;
    },

    /** Uninstalls a plugin; its tools go with it. */
    async removePlugin(pluginId: string): Promise<void> {
      for (const [id, tool] of tools) {
        if (tool.pluginId !== pluginId) continue;
        tool.handle.remove();
        tools.delete(id);
        release(tool.callback);
      }
      await db.plugins.delete(pluginId);
    },

    /** Adds a running plugin's tool to the registry; throws AppError 'conflict' when the id is taken or too close to another (namespaceRefusal). */
    registerPluginTool(pluginId: string, info: PluginToolInfo, callback: PluginToolCallback): void {
      const refusal = namespaceRefusal(info.id, registry.list());
      if (refusal) throw new AppError('conflict', refusal);
      const pluginName =
        typeof info.pluginName === 'string' && info.pluginName.trim()
          ? info.pluginName.slice(0, 80)
          : pluginId;
      const handle = registry.register({
        id: info.id,
        description: info.description,
        inputSchema: info.inputSchema,
        annotations: annotationsOf(info),
        plugin: { pluginId, pluginName },
        handler: (input: unknown) => callback.call(input)
      });
      tools.set(info.id, { handle, callback, pluginId });
    },

    /** Takes a plugin tool out of the registry (its plugin stopped or removed it). */
    unregisterPluginTool(toolId: string): boolean {
      const tool = tools.get(toolId);
      if (!tool) return false;
      tools.delete(toolId);
      tool.handle.remove();
      release(tool.callback);
      return true;
    },

    /** A plugin's `folio.data.<method>(input)`: checked against the stored manifest, run as the plugin. */
    async callPluginData(pluginId: string, method: string, input: unknown): Promise<unknown> {
      const record = await installedPlugin(pluginId);
      const manifest = validateManifest(record.manifest);
      const known = dataMethod(method);
      if (!record.enabled)
        throw new AppError('invalid_argument', `The plugin ${manifest.name} is turned off.`);
      if (!known) throw new AppError('not_found', `There is no data method ${method}.`);
      if (!manifest.permissions.includes(known.permission)) {
        throw new AppError(
          'invalid_argument',
          `The plugin ${manifest.name} has no ${known.permission} permission.`
        );
      }
      // The plugin's name is what the note's history shows as the writer.
      const result = await registry.call(
        known.tool,
        input,
        deps.toolContext({ source: 'plugin', caller: manifest.name })
      );
      return payloadOf(result);
    }
  };
}
