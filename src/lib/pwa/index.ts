export { registerServiceWorker, UPDATE_CHECK_INTERVAL_MS } from './register';
export { pwaUpdate, applyUpdate, PwaUpdate } from './pwa-update.svelte';
export { watchForUpdates, activateUpdate, SKIP_WAITING_MESSAGE } from './update-watcher';
export { planCaches, tooBigToPrecache, LAZY_CHUNK_PATTERN, MAX_PRECACHE_BYTES } from './cache-plan';
export type { CachePlan } from './cache-plan';
export { default as UpdatePrompt } from './UpdatePrompt.svelte';
export { AppInstall, appInstall } from './app-install.svelte';
