/**
 * Whether the AI assistant can chat yet, followed live (a save in Settings, or in another tab,
 * shows at once): the sidebar explains the choices before any provider was saved, and says what
 * is still missing after.
 */
import type { FolioDatabase } from '$lib/db';
import { LiveQuery } from './live-query.svelte';
import {
  missingSetting,
  readStoredProviderSettings,
  withDefaults,
  type StoredProviderSettings
} from './provider-settings';

/** The provider settings' readiness, for the sidebar. */
export class ProviderStatus {
  readonly #stored: LiveQuery<StoredProviderSettings>;

  constructor(db: FolioDatabase) {
    this.#stored = new LiveQuery(
      () => undefined,
      () => readStoredProviderSettings(db),
      null
    );
  }

  /** The stored settings have been read. */
  get loaded(): boolean {
    return this.#stored.loaded;
  }

  /** The user saved a provider at least once. */
  get chosen(): boolean {
    return this.#stored.current !== null;
  }

  /** What is missing before a chat can start, in words for the user (undefined: nothing). */
  get missing(): string | undefined {
    return missingSetting(withDefaults(this.#stored.current));
  }

  /** A chat can start. */
  get ready(): boolean {
    return this.loaded && !this.missing;
  }

  destroy(): void {
    this.#stored.destroy();
  }
}
