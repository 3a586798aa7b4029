export { registerServiceWorker } from './register';
export { default as UpdatePrompt } from './UpdatePrompt.svelte';
export { AppInstall, appInstall } from './app-install.svelte';
