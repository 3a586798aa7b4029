/**
 * The MCP endpoint over the workspace tool registry: servers on the official SDK (loaded lazily),
 * the session host the workspace worker runs, and the page's carriers: the bridge link (desktop
 * clients), WebMCP (`document.modelContext`) and the postMessage transport for embedding pages.
 */
export { createWorkspaceMcp, createMcpWorkerApi } from './workspace-mcp';
export type { WorkspaceMcp, WorkspaceMcpOptions, McpWorkerApiOptions } from './workspace-mcp';
export { createMcpSessionHost, MAX_SESSIONS } from './session-host';
export type { McpSessionHost, SessionSink } from './session-host';
export type { McpServerDeps, McpServerFactory } from './server';
export { parseFrameToHost, parseFrameFromHost, isJsonRpcMessage, errorResponse, MAX_SESSION_ID_LENGTH } from './frames';
export type { FrameToHost, FrameFromHost, FrameChannel, JsonRpcMessage } from './frames';
export { MCP_TOOL_SWITCHES_KEY, isMcpToolOn, loadMcpToolSwitches, setMcpToolSwitch, followMcpToolAccess, staticMcpToolAccess } from './tool-access';
export type { McpToolAccess } from './tool-access';
export { NOTE_URI_TEMPLATE, NOTE_MIME_TYPE, RESOURCE_PAGE_SIZE, noteUri, parseNoteUri } from './note-resources';
export { followNoteChanges } from './note-changes';
export type { NoteChangeFeed, NoteChangeBatch } from './note-changes';
export { connectBridge, bridgeSocketUrl, FIRST_RECONNECT_MS, MAX_RECONNECT_MS } from './bridge-link';
export type { BridgeLinkStatus, BridgeLinkOptions, WebSocketConstructor } from './bridge-link';
export { startPageMcp, getPageMcp } from './page-mcp';
export type { PageMcp, PageMcpOptions, PageMcpSnapshot, McpToolSummary, McpToolRow } from './page-mcp';
export { MCP_SETTINGS_KEY, DEFAULT_MCP_SETTINGS, loadMcpPageSettings, saveMcpPageSettings, parseOrigin } from './page-settings';
export type { McpPageSettings } from './page-settings';
export { findModelContext, startWebMcp, webMcpAnnotations } from './webmcp';
export type { ModelContextLike, WebMcpTool } from './webmcp';
export { acceptEmbedders } from './in-page';
export type { EmbedderOptions } from './in-page';
export { connectToFolio } from './in-page-client';
export type { PortTransport } from './in-page-client';
export { connectPageClient } from './page-client';
export type { PageMcpClient } from './page-client';
