/**
 * Plugins: a manifest plus one script, run in a sandboxed iframe (opaque origin, strict CSP) and
 * talked to over a MessagePort through a fixed method table. Their tools join the workspace
 * registry as proxies; their renderers return RenderSpecs that the host draws itself.
 *
 * Page wiring: `getPluginService()` (components/plugins/plugin-service.svelte.ts) owns the one
 * PluginHost and starts the enabled plugins; the plugin manager and the tool views use it. This
 * folder stays free of Svelte and SvelteKit so the worker can import it.
 * Worker wiring: workers/plugins-api.ts (installed plugins, proxy tools, data calls).
 */
export { parsePluginFile, validateManifest, MAX_PLUGIN_FILE_CHARS } from './manifest';
export type { PluginManifest, PluginPackage } from './manifest';
export { PERMISSIONS, PERMISSION_LABELS, DATA_METHODS, dataMethod, isPermission } from './permissions';
export type { Permission, DataMethod } from './permissions';
export { checkRenderSpec, checkImageUrl, RENDER_SPEC_TYPES, RENDER_LIMITS } from './render-spec';
export type { RenderSpec, RenderPolicy, ListItem, Cell } from './render-spec';
export { measureJson, assertJsonWithin, formatSize, MAX_PLUGIN_OUTPUT_CHARS, MAX_JSON_DEPTH } from './payload-size';
export type { JsonMeasure, JsonProblem } from './payload-size';
export { MAX_TOOLS_PER_PLUGIN, MAX_TOOL_DEFINITION_CHARS, MAX_PLUGIN_DEFINITIONS_CHARS, MAX_DATA_INPUT_CHARS } from './plugin-limits';
export { PluginWatchdog, HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS, CRASH_LIMIT, CRASH_WINDOW_MS } from './plugin-watchdog';
export type { Watched, WatchdogActions, WatchdogOptions } from './plugin-watchdog';
export { floodGuard, PLUGIN_FLOOD_LIMIT } from './flood-guard';
export type { FloodLimit } from './flood-guard';
export { hostMethods, toolSpec, TOOL_TIMEOUT_MS } from './host-methods';
export type { PluginToolSpec, HostActions } from './host-methods';
export { connectFrame, SANDBOX_PAGE, SANDBOX_NETWORK_PAGE, HANDSHAKE_TIMEOUT_MS, PROBE_TIMEOUT_MS } from './frame-connection';
export type { FrameConnection, ConnectFrameOptions } from './frame-connection';
export { PluginHost, pluginToolAnnotations, PLUGIN_START_TIMEOUT_MS, PLUGIN_RENDER_TIMEOUT_MS, MAX_PLUGIN_ERROR_REPORTS_PER_MINUTE } from './plugin-host';
export type { PluginWorkspace, PluginProblem, PluginHostOptions, PluginToolInfo } from './plugin-host';
export { workspaceBridge } from './workspace-bridge';
