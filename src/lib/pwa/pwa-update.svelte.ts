/**
 * The app's view of its own updates: `updateAvailable` turns true when a new version of Folio is
 * ready, `applyUpdate()` switches to it (UpdatePrompt.svelte shows both). Filled in by
 * `registerServiceWorker()`.
 */
import { activateUpdate, watchForUpdates } from './update-watcher';

/** Update state as runes. */
export class PwaUpdate {
  /** Whether a new version is ready and a reload would start it. */
  updateAvailable = $state(false);
  /** Why the service worker could not be registered (the app still works, but not offline). */
  registrationError = $state<Error | null>(null);
  #registration: ServiceWorkerRegistration | null = null;
  #stop: (() => void) | null = null;

  /** Follows a registration's updates (replacing any earlier one). */
  attach(registration: ServiceWorkerRegistration, container: ServiceWorkerContainer): void {
    this.#stop?.();
    this.#registration = registration;
    this.#stop = watchForUpdates(registration, container, () => (this.updateAvailable = true));
  }

  /** Reloads into the new version. */
  applyUpdate(): void {
    const reload = () => location.reload();
    if (this.#registration) activateUpdate(this.#registration, navigator.serviceWorker, reload);
    else reload();
  }
}

/** The app's one update state. */
export const pwaUpdate = new PwaUpdate();

/** Reloads into the new version (see PwaUpdate.applyUpdate). */
export function applyUpdate(): void {
  pwaUpdate.applyUpdate();
}
