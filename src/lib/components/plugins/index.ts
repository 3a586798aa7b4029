/**
 * Plugin UI: the Settings section (PluginManager), the transcript's tool output view
 * (ToolResultView: a plugin's RenderSpec, or collapsed JSON) and the page's plugin service.
 */
export { default as PluginManager } from './PluginManager.svelte';
export { default as ToolResultView } from './ToolResultView.svelte';
export { default as RenderSpecView } from './RenderSpecView.svelte';
export { getPluginService, PluginService } from './plugin-service.svelte';
export type { InstalledPlugin } from './plugin-service.svelte';
