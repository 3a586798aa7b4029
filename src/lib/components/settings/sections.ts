/**
 * The sections of the Settings dialog, in order: the single list every feature extends. A feature
 * adds its settings by adding an entry here (a component, shown as its own page under its title).
 * The dialog lists the sections for direct navigation, and anything can open one by its id
 * (`ws.settings.open(id)`), so ids are stable.
 */
import type { Component } from 'svelte';
import { FIRST_SETTINGS_SECTION } from '$lib/state';
import ProviderSettings from './ProviderSettings.svelte';
import SemanticSettings from './SemanticSettings.svelte';
import PluginManager from '../plugins/PluginManager.svelte';
import StorageSection from './StorageSection.svelte';
import SyncSettings from './SyncSettings.svelte';
import AboutSection from './AboutSection.svelte';
import { McpSection } from '../mcp';

/** One titled section of the Settings dialog. */
export interface SettingsSection {
  /** Stable id, used to open the section directly. */
  id: string;
  /** Its name in plain words (the technical name, if any, in brackets after it). */
  title: string;
  /** One line saying what is in it, shown in the list of sections. */
  summary: string;
  component: Component;
}

/** The Settings dialog's sections. */
export const settingsSections: SettingsSection[] = [
  {
    id: FIRST_SETTINGS_SECTION,
    title: 'AI provider',
    summary: 'Which model answers in the AI assistant',
    component: ProviderSettings
  },
  {
    id: 'semantic',
    title: 'Semantic search',
    summary: 'Find notes by meaning, and related notes',
    component: SemanticSettings
  },
  { id: 'plugins', title: 'Plugins', summary: 'Add tools to the assistant', component: PluginManager },
  {
    id: 'mcp',
    title: 'Desktop apps (MCP)',
    summary: 'Let AI apps on this computer use your notes',
    component: McpSection
  },
  {
    id: 'sync',
    title: 'Sync',
    summary: 'Your notes on your other devices, and in Joplin',
    component: SyncSettings
  },
  {
    id: 'storage',
    title: 'Storage and backup',
    summary: 'Where your notes are kept, and a backup',
    component: StorageSection
  },
  { id: 'about', title: 'About', summary: 'Version, privacy and keyboard shortcuts', component: AboutSection }
];

/** The section with this id, or the first one (an unknown id never leaves the dialog empty). */
export function settingsSection(id: string): SettingsSection {
  return settingsSections.find((s) => s.id === id) ?? settingsSections[0];
}
