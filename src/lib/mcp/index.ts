/**
 * The MCP endpoint over the workspace tool registry: servers on the official SDK (loaded lazily),
 * the session host the workspace worker runs, and the page's carriers: the bridge link (desktop
 * clients), WebMCP (`document.modelContext`) and the postMessage transport for embedding pages.
 */
export { createMcpWorkerApi } from './workspace-mcp';
export { startPageMcp } from './page-mcp';
export type { PageMcp, PageMcpSnapshot, McpToolRow } from './page-mcp';
export { parseOrigin } from './page-settings';
