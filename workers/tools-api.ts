/**
 * The tool part of the workspace API: the registry's tools as the page's UI (tool switches, a
 * "run tool" surface) and the MCP transports on the page see them. The agent loop in this worker
 * calls the registry in-process through `services.registry` and `services.toolContext`.
 */
import type { ToolCallOptions } from '$lib/rpc';
import type { ToolCallSource, ToolInfo, ToolResult } from '$lib/tools';
import type { WorkspaceServices } from './services';

const SOURCES: readonly ToolCallSource[] = ['ai', 'plugin', 'mcp', 'user'];

/** Builds the tool methods of the workspace API. */
export function createToolsApi(services: WorkspaceServices) {
  const { registry } = services;
  return {
    /** Every registered tool with its switch, in registration order. */
    listTools(): ToolInfo[] {
      return registry.list();
    },

    /** Validates and runs a tool; failures are results with `isError`, only a cancel rejects. */
    callTool(id: string, input: unknown, options: ToolCallOptions = {}): Promise<ToolResult> {
      const source = options.source ?? 'user';
      if (!SOURCES.includes(source))
        return Promise.reject(new TypeError(`callTool: unknown source "${String(source)}"`));
      return services.cancellable(options.callId, (signal) =>
        registry.call(id, input, services.toolContext({ source, caller: options.caller, signal }))
      );
    },

    /** Turns a tool on or off (stored in settings, applied in this worker). */
    setToolEnabled(id: string, enabled: boolean): ToolInfo | undefined {
      registry.setEnabled(id, enabled);
      return registry.find(id);
    }
  };
}
