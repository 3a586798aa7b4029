/**
 * The sync area of the workspace API. Sync runs here, off the page's thread, against the database
 * this worker opened; the page (state/sync.svelte.ts) decides when. One tab syncs at a time: the
 * run holds the Web Lock `folio-sync`, and a tab that finds it taken answers `busy` at once.
 * Results are plain data (never thrown), so the page can show every outcome in words.
 */
import type { SyncOutcome } from '$lib/rpc';
import type { SyncErrorKind, SyncProgress } from '$lib/sync';
import {
  driverFor,
  folderPermission,
  loadSyncConfig,
  runSync,
  targetKey,
  testConnection,
  toSyncError,
  type ConnectionCheck,
  type SyncConfig
} from '$lib/sync';
import type { WorkspaceServices } from './services';

/** The Web Lock only one tab's sync holds. */
export const SYNC_LOCK_NAME = 'folio-sync';

type LockManagerLike = {
  request(
    name: string,
    options: { ifAvailable: boolean },
    work: (lock: unknown) => Promise<SyncOutcome>
  ): Promise<SyncOutcome>;
};

function lockManager(): LockManagerLike | null {
  return (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks ?? null;
}

/** Builds the sync methods. */
export function createSyncApi(services: WorkspaceServices) {
  const { db } = services;

  async function run(
    callId: string | undefined,
    onProgress?: (p: SyncProgress) => void
  ): Promise<SyncOutcome> {
    const config = await loadSyncConfig(db);
    if (config.kind === 'none') return { status: 'off' };
    return services.cancellable(callId, async (signal) => {
      try {
        if (
          config.kind === 'folder' &&
          config.folder &&
          (await folderPermission(config.folder)) !== 'granted'
        ) {
          return failed(
            'permission',
            'Folio needs your permission to use the sync folder again. Open Settings → Sync and choose Allow access.'
          );
        }
        const report = await runSync({
          db,
          driver: driverFor(config),
          targetKey: targetKey(config),
          signal,
          onProgress: onProgress && ((p) => void onProgress(p))
        });
        return { status: 'done', report } as const;
      } catch (error) {
        const failure = toSyncError(error);
        return failed(failure.kind, failure.message, failure.transient);
      }
    });
  }

  return {
    /** Syncs now, unless another tab is syncing (`busy`) or sync is off. Cancel with `cancel(callId)`. */
    syncNow(callId?: string, onProgress?: (p: SyncProgress) => void): Promise<SyncOutcome> {
      const locks = lockManager();
      if (!locks) return run(callId, onProgress);
      return locks.request(SYNC_LOCK_NAME, { ifAvailable: true }, (lock) =>
        lock ? run(callId, onProgress) : Promise.resolve({ status: 'busy' } as const)
      );
    },

    /** Reads the target described by `config` (as typed, not yet saved) and says what it found. Writes nothing. */
    async testSyncConnection(config: SyncConfig): Promise<ConnectionCheck> {
      try {
        return await testConnection(driverFor(config), config.url, {
          origin: globalThis.location?.origin ?? ''
        });
      } catch (error) {
        const failure = toSyncError(error);
        return { ok: false, kind: failure.kind, message: failure.message };
      }
    }
  };
}

function failed(kind: SyncErrorKind, message: string, transient = false): SyncOutcome {
  return { status: 'failed', error: { kind, message, transient } };
}
