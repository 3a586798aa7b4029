/**
 * The workspace worker's API: the one object Comlink exposes to the page, a spread of per-area
 * builders over the shared services (services.ts), so each area lives in its own file:
 *   core-api.ts: ping, info, cancel · search-api.ts · tools-api.ts · agent-api.ts · plugins-api.ts · mcp-api.ts · sync-api.ts.
 * To add an area: write `createXApi(services)` returning an object of methods, spread it below.
 * Method names must be unique across areas (a test checks). A method that can be cancelled takes
 * `{ callId }` and runs its work through `services.cancellable(callId, (signal) => ...)`; the page's
 * client calls `cancel(callId)` when its caller aborts or the call times out.
 */
import type { WorkspaceApi } from '$lib/rpc';
import { createAgentApi } from './agent-api';
import { createCoreApi } from './core-api';
import { createMcpApi } from './mcp-api';
import { createPluginsApi } from './plugins-api';
import { createSearchApi } from './search-api';
import { createSyncApi } from './sync-api';
import type { WorkspaceServices } from './services';
import { createToolsApi } from './tools-api';

/** The API areas, by name; the union of their methods is the worker's API. */
export function workspaceAreas(services: WorkspaceServices) {
  return {
    core: createCoreApi(services),
    search: createSearchApi(services),
    tools: createToolsApi(services),
    agent: createAgentApi(services),
    plugins: createPluginsApi(services),
    mcp: createMcpApi(services),
    sync: createSyncApi(services)
  };
}

/** Builds the workspace API: every area's methods in one flat object (Comlink calls by name). */
export function createWorkspaceApi(services: WorkspaceServices): WorkspaceApi {
  const { core, search, tools, agent, plugins, mcp, sync } = workspaceAreas(services);
  return { ...core, ...search, ...tools, ...agent, ...plugins, ...mcp, ...sync };
}
