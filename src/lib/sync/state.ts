/**
 * What sync remembers between runs, in the settings table (per browser profile): which target it
 * last synced with, how far it has read the change log, when it last finished, the items whose
 * upload failed (tried again next time) and this device's client id (its lock files' name).
 * Choosing another target starts over: the sync records of the old one no longer apply.
 */
import { newId } from '$lib/core';
import { clearSyncItems, getSetting, setSetting, type FolioDatabase } from '$lib/db';

/** The settings key of the sync state. */
export const SYNC_STATE_KEY = 'sync.state';

/** An item to look at again at the next sync. */
export interface PendingItem {
  id: string;
  type: number;
}

/** The state of sync with one target. */
export interface SyncState {
  /** Which target this state belongs to (see targetKey in config.ts). */
  targetKey: string;
  /** The change-log seq read up to; null before the first sync (everything is sent then). */
  cursor: number | null;
  /** When the last sync finished without error (ms), 0 if never. */
  lastSyncTime: number;
  /** Items whose upload failed, tried again next time. */
  pending: PendingItem[];
  /** This device's id on sync targets (lock files), made once. */
  clientId: string;
}

/** The stored state, reset (and the old target's sync records cleared) when the target changed. */
export async function loadSyncState(db: FolioDatabase, targetKey: string): Promise<SyncState> {
  const stored = await getSetting<Partial<SyncState> | null>(db, SYNC_STATE_KEY, null);
  const clientId = stored?.clientId || newId();
  if (stored && stored.targetKey === targetKey) {
    return {
      targetKey,
      cursor: stored.cursor ?? null,
      lastSyncTime: stored.lastSyncTime ?? 0,
      pending: stored.pending ?? [],
      clientId
    };
  }
  await clearSyncItems(db);
  const fresh: SyncState = { targetKey, cursor: null, lastSyncTime: 0, pending: [], clientId };
  await saveSyncState(db, fresh);
  return fresh;
}

/** Stores the state. */
export async function saveSyncState(db: FolioDatabase, state: SyncState): Promise<void> {
  await setSetting(db, SYNC_STATE_KEY, { ...state, pending: [...state.pending] });
}
