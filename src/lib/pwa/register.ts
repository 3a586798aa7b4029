/**
 * Registers Folio's service worker (src/service-worker.ts; svelte.config.js turns SvelteKit's own
 * registration off so this module can follow updates). Call once from the root layout.
 */
import { dev } from '$app/environment';
import { base } from '$app/paths';
import { pwaUpdate } from './pwa-update.svelte';

/** How often an open tab asks the server whether a new version exists. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and follows its updates into `pwaUpdate`. Skipped in `vite dev`,
 * where cache-first static files would hide edits. A failure lands in `pwaUpdate.registrationError`.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (dev || !('serviceWorker' in navigator)) return null;
  try {
    const registration = await navigator.serviceWorker.register(`${base}/service-worker.js`, {
      scope: `${base}/`
    });
    pwaUpdate.attach(registration, navigator.serviceWorker);
    setInterval(() => {
      // Offline, or the server is down: nothing to update from; the next check tries again.
      registration.update().catch(() => {});
    }, UPDATE_CHECK_INTERVAL_MS);
    return registration;
  } catch (error) {
    pwaUpdate.registrationError = error instanceof Error ? error : new Error(String(error));
    return null;
  }
}
