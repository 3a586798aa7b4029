/** The MCP area of the workspace API: the session host the page's MCP carriers attach to. */
import { createMcpWorkerApi } from '$lib/mcp';
import { messagePortTransport } from '$lib/rpc';
import type { WorkspaceServices } from './services';

/** Builds the MCP methods (`mcpAttach`, `mcpSessionCount`). */
export function createMcpApi(services: WorkspaceServices) {
  return createMcpWorkerApi({
    registry: services.registry,
    context: () => {
      const { db, search, semantic } = services.toolContext({ source: 'mcp' });
      return { db, search, semantic };
    },
    channelOf: messagePortTransport,
    // An error in a session must not be lost in a promise chain: rethrow it where the worker's
    // error event (and so the client's crash detection and console) sees it.
    onError: (error) =>
      queueMicrotask(() => {
        throw error;
      })
  });
}
