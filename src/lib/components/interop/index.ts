export { default as ImportButton } from './ImportButton.svelte';
export { default as ExportButton } from './ExportButton.svelte';
export { downloadBackup } from './save-file';
