/**
 * The sections of the Settings dialog, in order. A feature adds its settings by adding an entry
 * here (a component rendered under its own heading inside the dialog).
 */
import type { Component } from 'svelte';
import SemanticSettings from './SemanticSettings.svelte';
import PluginManager from '../plugins/PluginManager.svelte';
import StorageSection from './StorageSection.svelte';
import SyncSettings from './SyncSettings.svelte';
import { McpSection } from '../mcp';

/** One titled section of the Settings dialog. */
export interface SettingsSection {
  id: string;
  title: string;
  component: Component;
}

/** The Settings dialog's sections. */
export const settingsSections: SettingsSection[] = [
  { id: 'storage', title: 'Storage', component: StorageSection },
  { id: 'sync', title: 'Sync', component: SyncSettings },
  { id: 'semantic', title: 'Semantic search', component: SemanticSettings },
  { id: 'plugins', title: 'Plugins', component: PluginManager },
  { id: 'mcp', title: 'MCP', component: McpSection }
];
