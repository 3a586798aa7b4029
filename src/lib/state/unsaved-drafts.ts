/**
 * The last resort against losing typing on reload or close: IndexedDB writes started while the
 * page unloads are often aborted, so on `pagehide` the open note's unsaved patch is also written
 * synchronously to localStorage. At the next start, a stashed patch newer than the stored note is
 * saved, then the stash is cleared.
 */
import { getNote, updateNote, type FolioDatabase, type NotePatch } from '$lib/db';

const PREFIX = 'folio.unsaved.';

/** A stashed, unsaved edit of one note. */
export interface UnsavedDraft {
  noteId: string;
  patch: NotePatch;
  time: number;
}

/** Stashes a note's unsaved patch (replacing an older stash of the same note). */
export function stashDraft(storage: Storage, noteId: string, patch: NotePatch, now = Date.now()): void {
  try {
    storage.setItem(PREFIX + noteId, JSON.stringify({ noteId, patch, time: now } satisfies UnsavedDraft));
  } catch {
    // localStorage full or blocked: the IndexedDB flush running alongside is all we have.
  }
}

/** Removes a note's stash (its edits were saved). */
export function clearDraft(storage: Storage, noteId: string): void {
  storage.removeItem(PREFIX + noteId);
}

/** Reads and removes every stashed draft. */
export function takeDrafts(storage: Storage): UnsavedDraft[] {
  const drafts: UnsavedDraft[] = [];
  for (const key of Object.keys(storage).filter((k) => k.startsWith(PREFIX))) {
    try {
      drafts.push(JSON.parse(storage.getItem(key) ?? '') as UnsavedDraft);
    } catch {
      // A stash we cannot read cannot be applied either.
    }
    storage.removeItem(key);
  }
  return drafts;
}

/**
 * Saves stashed drafts that are newer than their note; returns how many were applied. A draft
 * older than the stored note lost to a later save (its own flush, or another tab): the last save wins.
 */
export async function recoverDrafts(db: FolioDatabase, storage: Storage): Promise<number> {
  let applied = 0;
  for (const draft of takeDrafts(storage)) {
    const note = await getNote(db, draft.noteId);
    if (!note || note.deleted_time || note.updated_time >= draft.time) continue;
    try {
      await updateNote(db, draft.noteId, draft.patch);
      applied += 1;
    } catch (error) {
      // Put it back for the next start rather than dropping it.
      stashDraft(storage, draft.noteId, draft.patch, draft.time);
      throw error;
    }
  }
  return applied;
}
