/**
 * Autosave: edits are merged into one pending patch and saved after a quiet period
 * (SAVE_DEBOUNCE_MS), or at once on `flush()` (blur, page hide, switching notes). A failed save
 * keeps the patch in memory, merged under any newer edits, reports why, and retries with backoff,
 * so an edit is never dropped silently. Plain TypeScript (no runes) so it is tested in Node.
 */
import { AppError } from '$lib/core';

/** How long typing must pause before a save. */
export const SAVE_DEBOUNCE_MS = 500;
/** During continuous typing, a save still happens at least this often. */
export const SAVE_MAX_WAIT_MS = 2000;
/** The first retry delay after a failed save; it doubles up to MAX_RETRY_MS. */
export const FIRST_RETRY_MS = 1000;
/** The longest wait between two retries. */
export const MAX_RETRY_MS = 30_000;

/** What the save status shows. */
export type SaveStatus =
  { kind: 'saved' } | { kind: 'saving' } | { kind: 'failed'; reason: string; retrying: boolean };

/** How an Autosaver saves and reports. */
export interface AutosaverOptions<P> {
  save: (patch: P) => Promise<void>;
  onStatus: (status: SaveStatus) => void;
  debounceMs?: number;
  maxWaitMs?: number;
  /** Whether trying again may help (default: anything but a missing note). */
  isRetryable?: (error: unknown) => boolean;
}

/** A debounced, retrying saver of partial patches. */
export class Autosaver<P extends object> {
  #options: AutosaverOptions<P>;
  #pending: P | null = null;
  #inflight: Promise<void> | null = null;
  #inflightPatch: P | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #attempt = 0;
  #disposed = false;
  /** When the oldest edit not yet handed to `save` was made. */
  #pendingSince = 0;

  constructor(options: AutosaverOptions<P>) {
    this.#options = options;
  }

  /** Whether an edit is waiting or being saved. */
  get dirty(): boolean {
    return this.#pending !== null || this.#inflight !== null;
  }

  /** Everything not yet known to be stored (the save in flight and newer edits), or null. */
  unsaved(): P | null {
    if (!this.#inflightPatch && !this.#pending) return null;
    return { ...(this.#inflightPatch ?? {}), ...(this.#pending ?? {}) } as P;
  }

  /** Records an edit and schedules a save. */
  edit(patch: P): void {
    const now = Date.now();
    if (!this.#pending) this.#pendingSince = now;
    this.#pending = { ...(this.#pending ?? {}), ...patch } as P;
    if (this.#attempt === 0) this.#options.onStatus({ kind: 'saving' });
    // Debounced, but never later than maxWait after the first unsaved edit: typing without a
    // pause still saves regularly.
    const untilMaxWait = this.#pendingSince + (this.#options.maxWaitMs ?? SAVE_MAX_WAIT_MS) - now;
    this.#schedule(Math.max(0, Math.min(this.#options.debounceMs ?? SAVE_DEBOUNCE_MS, untilMaxWait)));
  }

  /** Saves what is pending now; resolves when that save succeeded or failed. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    while (this.#inflight) await this.#inflight;
    if (!this.#pending || this.#disposed) return;
    const patch = this.#pending;
    this.#pending = null;
    this.#inflightPatch = patch;
    this.#inflight = this.#run(patch);
    await this.#inflight;
  }

  /** Stops the timers. Pending edits are dropped, so flush first. */
  dispose(): void {
    this.#disposed = true;
    clearTimeout(this.#timer);
  }

  #schedule(delayMs: number): void {
    clearTimeout(this.#timer);
    if (this.#disposed) return;
    this.#timer = setTimeout(() => void this.flush(), delayMs);
  }

  async #run(patch: P): Promise<void> {
    try {
      await this.#options.save(patch);
      this.#attempt = 0;
      this.#inflight = null;
      this.#inflightPatch = null;
      this.#options.onStatus(this.#pending ? { kind: 'saving' } : { kind: 'saved' });
    } catch (error) {
      this.#inflight = null;
      this.#inflightPatch = null;
      // Newer edits win over the failed patch's fields; nothing of either is lost.
      this.#pending = { ...patch, ...(this.#pending ?? {}) } as P;
      const retrying = (this.#options.isRetryable ?? defaultRetryable)(error);
      this.#options.onStatus({ kind: 'failed', reason: reasonOf(error), retrying });
      this.#attempt += 1;
      if (retrying) this.#schedule(Math.min(FIRST_RETRY_MS * 2 ** (this.#attempt - 1), MAX_RETRY_MS));
    }
  }
}

function defaultRetryable(error: unknown): boolean {
  return !(error instanceof AppError && (error.code === 'not_found' || error.code === 'invalid_argument'));
}

/** A failure in words for the save status. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The save status as the text shown beside the note. */
export function saveStatusText(status: SaveStatus): string {
  if (status.kind === 'saved') return 'Saved';
  if (status.kind === 'saving') return 'Saving…';
  return `Not saved: ${status.reason}${status.retrying ? ' — retrying' : ''}`;
}
