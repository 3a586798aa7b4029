export { default as AppShell } from './AppShell.svelte';
export { default as AiSidebar } from './AiSidebar.svelte';
export { default as Modal } from './Modal.svelte';
export { default as ConfirmDialog } from './ConfirmDialog.svelte';
export { settingsSections } from './settings/sections';
export type { SettingsSection } from './settings/sections';
