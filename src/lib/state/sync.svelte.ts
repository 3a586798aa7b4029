/**
 * The page's side of sync: the chosen target, what the last sync did, the progress of the one
 * running, and the schedule of automatic syncs (sync-scheduler.ts). The sync itself runs in the
 * workspace worker; one tab at a time (a Web Lock there), so a tab that finds another syncing
 * says so and tries again later. Changes by sync itself do not start another sync.
 */
import * as Comlink from 'comlink';
import { newCallId, getWorkspace, type SyncOutcome } from '$lib/rpc';
import {
  DEFAULT_SYNC_CONFIG,
  loadSyncConfig,
  saveSyncConfig,
  targetKey,
  SYNC_STATE_KEY,
  type ConnectionCheck,
  type SyncConfig,
  type SyncProgress,
  type SyncReport
} from '$lib/sync';
import { liveQuery, getSetting, type FolioDatabase } from '$lib/db';
import { SyncScheduler, SYNC_INTERVAL_MS, type RunResult } from './sync-scheduler';

/** The deadline of one sync call (a first sync of a large library takes minutes). */
const SYNC_CALL_TIMEOUT_MS = 60 * 60_000;
/** The first automatic sync waits this long after the page starts. */
const FIRST_SYNC_DELAY_MS = 1_500;

/** What the sync area shows. */
export type SyncPhase = 'off' | 'idle' | 'syncing' | 'failed' | 'busy';

/** The state of sync in this tab. */
export class SyncStatus {
  config: SyncConfig = $state.raw({ ...DEFAULT_SYNC_CONFIG });
  phase: SyncPhase = $state('off');
  progress: SyncProgress | null = $state.raw(null);
  lastSyncTime = $state(0);
  lastReport: SyncReport | null = $state.raw(null);
  error: { kind: string; message: string } | null = $state.raw(null);
  readonly #db: FolioDatabase;
  readonly #scheduler: SyncScheduler;
  #callId: string | null = null;
  #stopWatching: (() => void) | null = null;
  #started = false;

  constructor(db: FolioDatabase) {
    this.#db = db;
    this.#scheduler = new SyncScheduler({
      run: () => this.#run(),
      online: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
    });
  }

  /** Whether a target is chosen. */
  get configured(): boolean {
    return this.config.kind !== 'none';
  }

  /** Loads the settings and starts automatic sync when it is on. Once per tab. */
  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    this.config = await loadSyncConfig(this.#db);
    const stored = await getSetting<{ lastSyncTime?: number } | null>(this.#db, SYNC_STATE_KEY, null);
    this.lastSyncTime = stored?.lastSyncTime ?? 0;
    this.phase = this.configured ? 'idle' : 'off';
    window.addEventListener('online', () => this.#scheduler.online());
    this.#watchChanges();
    this.#followConfig();
    this.#applySchedule(FIRST_SYNC_DELAY_MS);
  }

  /** Takes a configuration saved in another tab (this one's own saves arrive here too, unchanged). */
  #followConfig(): void {
    const subscription = liveQuery(() => loadSyncConfig(this.#db)).subscribe({
      next: (config) => {
        const before = this.config;
        if (
          targetKey(config) === targetKey(before) &&
          config.auto === before.auto &&
          config.password === before.password
        )
          return;
        this.config = config;
        if (!this.configured) this.phase = 'off';
        else if (this.phase === 'off') this.phase = 'idle';
        this.#applySchedule(SYNC_INTERVAL_MS);
      },
      error: () => {
        // Keeps the configuration it has; Settings reports storage errors when saving.
      }
    });
    const previous = this.#stopWatching;
    this.#stopWatching = () => {
      previous?.();
      subscription.unsubscribe();
    };
  }

  /** Re-reads the stored configuration and last sync time (Settings shows what any tab did last). */
  async reload(): Promise<SyncConfig> {
    this.config = await loadSyncConfig(this.#db);
    const stored = await getSetting<{ lastSyncTime?: number } | null>(this.#db, SYNC_STATE_KEY, null);
    this.lastSyncTime = Math.max(this.lastSyncTime, stored?.lastSyncTime ?? 0);
    if (this.configured && this.phase === 'off') this.phase = 'idle';
    return { ...this.config };
  }

  /**
   * Stores a new configuration and applies it. Automatic sync then waits for its interval, not
   * the next keystroke: a half-typed address must not start syncs. `Sync now` starts one at once.
   */
  async save(config: SyncConfig): Promise<void> {
    this.config = await saveSyncConfig(this.#db, config);
    if (!this.configured) {
      this.phase = 'off';
      this.error = null;
    } else if (this.phase === 'off') {
      this.phase = 'idle';
    }
    this.#applySchedule(SYNC_INTERVAL_MS);
  }

  /** Checks a target as typed (nothing written). */
  test(config: SyncConfig): Promise<ConnectionCheck> {
    return getWorkspace().call('testSyncConnection', [$state.snapshot(config) as SyncConfig], {
      timeoutMs: 60_000
    });
  }

  /** Syncs now (the `Sync now` and `Retry` buttons). */
  syncNow(): Promise<void> {
    return this.#scheduler.runNow();
  }

  /** Stops the running sync; what it did so far stays done, the next one finishes the job. */
  cancel(): void {
    if (this.#callId) void getWorkspace().api.cancel(this.#callId);
  }

  #applySchedule(firstDelayMs: number): void {
    if (this.configured && this.config.auto) this.#scheduler.start(firstDelayMs);
    else this.#scheduler.stop();
  }

  /** Tells the scheduler about changes made here (by anyone but sync itself). */
  #watchChanges(): void {
    let seen = -1;
    const subscription = liveQuery(
      async () =>
        (
          await this.#db.changes
            .orderBy('seq')
            .reverse()
            .filter((c) => c.source !== 'sync')
            .first()
        )?.seq ?? 0
    ).subscribe({
      next: (seq) => {
        if (seen >= 0 && seq > seen) this.#scheduler.changed();
        seen = seq;
      },
      error: () => {
        // The interval still syncs; a broken database shows its own errors elsewhere.
      }
    });
    this.#stopWatching = () => subscription.unsubscribe();
  }

  async #run(): Promise<RunResult> {
    if (!this.configured) return 'wait';
    const callId = newCallId();
    this.#callId = callId;
    this.phase = 'syncing';
    this.progress = { phase: 'connecting', done: 0, total: 0 };
    let outcome: SyncOutcome;
    try {
      const onProgress = Comlink.proxy((p: SyncProgress) => (this.progress = p));
      outcome = await getWorkspace().call('syncNow', [callId, onProgress], {
        timeoutMs: SYNC_CALL_TIMEOUT_MS,
        callId
      });
    } catch (error) {
      outcome = {
        status: 'failed',
        error: { kind: 'server', message: `Sync could not run: ${(error as Error).message}`, transient: true }
      };
    } finally {
      this.#callId = null;
      this.progress = null;
    }
    return this.#show(outcome);
  }

  #show(outcome: SyncOutcome): RunResult {
    switch (outcome.status) {
      case 'done':
        this.phase = 'idle';
        this.error = null;
        this.lastReport = outcome.report;
        this.lastSyncTime = outcome.report.finishedAt;
        return 'ok';
      case 'busy':
        this.phase = 'busy';
        return 'retry';
      case 'off':
        this.phase = 'off';
        return 'wait';
      default:
        if (outcome.error.kind === 'aborted') {
          this.phase = 'idle';
          return 'wait';
        }
        this.phase = 'failed';
        this.error = outcome.error;
        return outcome.error.transient ? 'retry' : 'wait';
    }
  }

  /** Stops automatic sync and watching (tests; a tab simply ends). */
  destroy(): void {
    this.#scheduler.stop();
    this.#stopWatching?.();
  }
}

let shared: SyncStatus | null = null;

/** The tab's sync state (one per tab, on the workspace's database). */
export function syncStatusFor(db: FolioDatabase): SyncStatus {
  shared ??= new SyncStatus(db);
  return shared;
}
