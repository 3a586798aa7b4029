/**
 * Starts this tab's MCP controller against the workspace worker: each carrier (bridge link, WebMCP,
 * an embedder) gets its own MessageChannel, whose far port is transferred to the worker's
 * `mcpAttach`, where the session host serves it. Nothing runs until the user turns something on in
 * Settings → MCP; the SDK is loaded in the worker on the first session.
 */
import { transfer } from 'comlink';
import { getWorkspace, messagePortTransport } from '$lib/rpc';
import { startPageMcp, type PageMcp } from '$lib/mcp';
import type { Workspace } from './workspace.svelte';

/** Starts the tab's MCP controller; returns it (call `stop()` when the shell goes away). */
export function startTabMcp(ws: Workspace): PageMcp {
  const workspace = getWorkspace();
  const onError = (error: unknown) => ws.alerts.report('MCP access', error);
  // `mcpAttach` is the worker method built by createMcpWorkerApi ($lib/mcp); called by name so
  // this file does not depend on how the worker's API type is assembled.
  const attach = (port: MessagePort) =>
    (workspace.call as unknown as (method: string, args: unknown[]) => Promise<void>)('mcpAttach', [port]);
  return startPageMcp({
    db: ws.db,
    connectHost: () => {
      const { port1, port2 } = new MessageChannel();
      // Messages posted on port1 wait in the port until the worker starts port2.
      attach(transfer(port2, [port2])).catch(onError);
      return messagePortTransport(port1);
    },
    tools: () => workspace.api.listTools(),
    onError
  });
}
