/** The MCP section of the Settings dialog. */
export { default as McpSection } from './McpSection.svelte';
