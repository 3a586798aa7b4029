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
export { parsePluginFile, validateManifest } from './manifest';
export type { PluginManifest, PluginPackage } from './manifest';
export { PERMISSION_LABELS, dataMethod } from './permissions';
export { checkImageUrl } from './render-spec';
export type { RenderSpec, RenderPolicy, Cell } from './render-spec';
export { connectFrame, SANDBOX_PAGE, SANDBOX_NETWORK_PAGE } from './frame-connection';
export { PluginHost } from './plugin-host';
export type { PluginProblem, PluginToolInfo } from './plugin-host';
export { workspaceBridge } from './workspace-bridge';
