export { default as ImportButton } from './ImportButton.svelte';
export { default as ExportButton } from './ExportButton.svelte';
export { default as ImportSummary } from './ImportSummary.svelte';
export { saveFile, downloadBackup } from './save-file';
