/** The MCP section of the Settings dialog. */
export { default as McpSection } from './McpSection.svelte';
export { startTabMcp } from './tab-mcp';
