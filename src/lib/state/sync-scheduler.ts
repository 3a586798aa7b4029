/**
 * When automatic sync runs: a few seconds after a change here (as Joplin does, so edits reach the
 * other devices soon and conflicts stay rare), every few minutes (to fetch others' changes), when
 * the browser comes back online, and at start. Runs never overlap: a request during a run makes
 * one more run after it. A run that failed for a reason that may pass (network, server, lock)
 * is tried again with a growing pause; one that needs the user (wrong password) waits for them.
 * Offline, nothing runs until the browser is back online.
 */

/** Pause between a change and the sync that sends it. */
export const SYNC_AFTER_CHANGE_MS = 3_000;
/** Pause between syncs when nothing changed here. */
export const SYNC_INTERVAL_MS = 5 * 60_000;
/** Pauses before retrying a failed run (then the last one, repeated). */
export const SYNC_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000];

/** How a run ended, for the schedule. */
export type RunResult = 'ok' | 'retry' | 'wait';

/** What the scheduler needs from its surroundings (tests pass their own). */
export interface SchedulerEnvironment {
  run(): Promise<RunResult>;
  online(): boolean;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The automatic sync schedule of one tab. */
export class SyncScheduler {
  readonly #env: SchedulerEnvironment;
  #timer: unknown = null;
  #dueAt = Infinity;
  #running = false;
  #again = false;
  #failures = 0;
  #active = false;

  constructor(env: SchedulerEnvironment) {
    this.#env = env;
  }

  /** Starts automatic sync (a first run soon). */
  start(firstDelayMs = 0): void {
    this.#active = true;
    this.#failures = 0;
    this.#plan(firstDelayMs, true);
  }

  /** Stops automatic sync (a run in progress finishes). */
  stop(): void {
    this.#active = false;
    this.#clear();
  }

  /** Something changed here: sync soon. */
  changed(): void {
    if (this.#active) this.#plan(SYNC_AFTER_CHANGE_MS, false);
  }

  /** The browser is back online: sync now. */
  online(): void {
    if (this.#active) this.#plan(0, true);
  }

  /** Runs now (Sync now, Retry), whether automatic sync is on or not; joins a run in progress. */
  async runNow(): Promise<void> {
    this.#clear();
    await this.#run();
  }

  /** Whether a run is going on. */
  get running(): boolean {
    return this.#running;
  }

  #clear(): void {
    if (this.#timer !== null) this.#env.clearTimeout(this.#timer);
    this.#timer = null;
    this.#dueAt = Infinity;
  }

  /** Plans a run in `ms`; an earlier plan stays unless `replace` (a later one never delays it). */
  #plan(ms: number, replace: boolean): void {
    const at = Date.now() + ms;
    if (!replace && at >= this.#dueAt) return;
    this.#clear();
    this.#dueAt = at;
    this.#timer = this.#env.setTimeout(() => {
      this.#timer = null;
      this.#dueAt = Infinity;
      void this.#run();
    }, ms);
  }

  async #run(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return;
    }
    if (!this.#env.online()) return; // The `online` event starts the next one.
    this.#running = true;
    let result: RunResult = 'retry';
    try {
      result = await this.#env.run();
    } finally {
      this.#running = false;
    }
    if (this.#again) {
      this.#again = false;
      return this.#run();
    }
    if (!this.#active) return;
    if (result === 'ok') {
      this.#failures = 0;
      this.#plan(SYNC_INTERVAL_MS, true);
    } else if (result === 'retry') {
      const delay = SYNC_RETRY_DELAYS_MS[Math.min(this.#failures, SYNC_RETRY_DELAYS_MS.length - 1)];
      this.#failures++;
      this.#plan(delay, true);
    }
  }
}
