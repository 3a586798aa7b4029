/**
 * The one way remote changes reach this device's notes: every write sync makes from what the
 * target holds goes through these functions, which use the db repositories with writer 'sync'
 * (sync-repo.ts): a note's previous version is saved as a revision before a remote version
 * replaces it, deletions from other devices move notes to the trash, and conflicts keep both
 * versions. Each write also records, in the same transaction, what sync now agrees with the target.
 *
 * Remote versions arrive whole (Joplin's fields and the other device's times), so they are stored as
 * given, on the app's one write path for stored changes (db, writer 'sync' in the change log and in
 * History). The note open in an editor is never written over: its next save carries the version it
 * was made from and db's saveNoteEdit merges it three-way into the version sync stored (places both
 * changed become the editor's `Conflict` group); see state/note-session-sync.test.ts.
 */
import {
  deleteSyncedItems,
  deleteSyncItems,
  putConflict,
  putSyncedItems,
  putSyncItems,
  trashSyncedNotebook,
  trashSyncedNotes,
  type FolioDatabase,
  type SyncedItem,
  type SyncItemRecord
} from '$lib/db';
import type { Note } from '$lib/core';

/** How many items one transaction writes: large enough to be fast, small enough to stay responsive. */
const BATCH = 200;

/**
 * Stores items as the target has them (with their sync records), in batches. An item that changed
 * here since the caller looked (its `expect`) is left alone for the next sync; returns their ids.
 */
export async function applyRemoteItems(
  db: FolioDatabase,
  items: SyncedItem[],
  syncItems: SyncItemRecord[]
): Promise<string[]> {
  const records = new Map(syncItems.map((s) => [s.item_id, s]));
  const skipped: string[] = [];
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items.slice(i, i + BATCH);
    skipped.push(
      ...(await putSyncedItems(db, batch, batch.map((item) => records.get(item.record.id)!).filter(Boolean)))
    );
  }
  return skipped;
}

/**
 * A note changed on both sides: this device's version becomes a conflict copy (under Conflicts),
 * the note takes the target's version (`remote`), or goes to the trash when the target deleted it.
 */
export function applyConflict(
  db: FolioDatabase,
  local: Note,
  remote: SyncedItem['record'] | null,
  syncItem: SyncItemRecord
): Promise<Note> {
  return putConflict(db, local, remote, syncItem);
}

/** Notes deleted on the target go to the trash here. */
export function applyRemoteNoteDeletions(db: FolioDatabase, ids: string[]): Promise<void> {
  return trashSyncedNotes(db, ids);
}

/** A notebook deleted on the target goes to the trash; notes still in it become conflicts. Returns those notes. */
export function applyRemoteNotebookDeletion(
  db: FolioDatabase,
  id: string,
  keptNoteIds: string[]
): Promise<string[]> {
  return trashSyncedNotebook(db, id, keptNoteIds);
}

/** Tags, note-tag links and unreferenced attachments deleted on the target are deleted here. */
export function applyRemoteDeletions(
  db: FolioDatabase,
  items: { id: string; type: number }[]
): Promise<void> {
  return deleteSyncedItems(db, items);
}

/** Records agreement for items whose local record stays as it is. */
export function recordSynced(db: FolioDatabase, syncItems: SyncItemRecord[]): Promise<void> {
  return putSyncItems(db, syncItems);
}

/** Forgets items gone from both sides. */
export function forgetSynced(db: FolioDatabase, ids: string[]): Promise<void> {
  return deleteSyncItems(db, ids);
}
