/**
 * Whether Folio runs as an installed app, and the browser's install prompt when it offers one.
 * Chromium fires `beforeinstallprompt` when the app can be installed; keeping the event lets a
 * button of ours open the browser's own install dialog later (`install()`). Other browsers
 * (Safari, Firefox) install from their own menu, so `canPrompt` stays false there.
 */

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The tab's install state. */
export class AppInstall {
  /** Running as an installed app (its own window), not in a browser tab. */
  installed = $state(false);
  /** The browser offered its install prompt, so `install()` can open it. */
  canPrompt = $state(false);
  #prompt: InstallPromptEvent | null = null;
  #listeners: (() => void)[] = [];

  /** Starts listening (once per page). */
  listen(target: Window = window): void {
    const standalone = target.matchMedia?.('(display-mode: standalone)');
    this.installed =
      !!standalone?.matches || (target.navigator as { standalone?: boolean }).standalone === true;
    target.addEventListener('beforeinstallprompt', (event) => {
      event.preventDefault(); // our own button offers it, where it helps (the storage notice)
      this.#prompt = event as InstallPromptEvent;
      this.canPrompt = true;
    });
    target.addEventListener('appinstalled', () => {
      this.installed = true;
      this.canPrompt = false;
      this.#prompt = null;
      for (const listener of this.#listeners) listener();
    });
  }

  /** Opens the browser's install dialog; resolves true when the user installed. */
  async install(): Promise<boolean> {
    const prompt = this.#prompt;
    if (!prompt) return false;
    this.#prompt = null;
    this.canPrompt = false;
    await prompt.prompt();
    return (await prompt.userChoice).outcome === 'accepted';
  }

  /** Calls `listener` when the app gets installed. */
  onInstalled(listener: () => void): () => void {
    this.#listeners.push(listener);
    return () => (this.#listeners = this.#listeners.filter((l) => l !== listener));
  }
}

let shared: AppInstall | undefined;

/** The page's install state, listening from its first use. */
export function appInstall(): AppInstall {
  if (!shared) {
    shared = new AppInstall();
    if (typeof window !== 'undefined') shared.listen(window);
  }
  return shared;
}
