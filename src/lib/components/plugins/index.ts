/**
 * Plugin UI: the Settings section (PluginManager), the transcript's tool output view
 * (ToolResultView: a plugin's RenderSpec, or collapsed JSON); the page's plugin service is state's.
 */
export { default as PluginManager } from './PluginManager.svelte';
export { default as ToolResultView } from './ToolResultView.svelte';
export { default as RenderSpecView } from './RenderSpecView.svelte';
