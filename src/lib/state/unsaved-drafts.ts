/**
 * The last resort against losing typing on reload or close: IndexedDB writes started while the
 * page unloads are often aborted, so on `pagehide` the open note's unsaved patch is also written
 * synchronously to localStorage, with the stored version it was made from. At the next start it is
 * saved like any editor edit (db's saveNoteEdit): merged into whatever was stored meanwhile, a
 * conflict recorded where both changed the same lines. Then the stash is cleared.
 */
import { getNote, saveNoteEdit, updateNote, type FolioDatabase, type NotePatch } from '$lib/db';
import { tabId } from './tab-id';

const PREFIX = 'folio.unsaved.';

/** A stashed, unsaved edit of one note. */
export interface UnsavedDraft {
  noteId: string;
  patch: NotePatch;
  time: number;
  /** The stored version the patch was made on (absent in stashes of older versions of Folio). */
  base?: { title: string; body: string };
}

/** Stashes a note's unsaved patch (replacing an older stash of the same note). */
export function stashDraft(
  storage: Storage,
  noteId: string,
  patch: NotePatch,
  now = Date.now(),
  base?: UnsavedDraft['base']
): void {
  try {
    storage.setItem(
      PREFIX + noteId,
      JSON.stringify({ noteId, patch, time: now, ...(base ? { base } : {}) } satisfies UnsavedDraft)
    );
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
 * Saves stashed drafts; returns how many were applied. A draft with its base is merged into the
 * stored note (its own flush may have landed already: then nothing changes). An old-style draft
 * without one is saved only when newer than the stored note.
 */
export async function recoverDrafts(db: FolioDatabase, storage: Storage): Promise<number> {
  let applied = 0;
  for (const draft of takeDrafts(storage)) {
    const note = await getNote(db, draft.noteId);
    if (!note) continue;
    if (!draft.base && (note.deleted_time || note.updated_time >= draft.time)) continue;
    try {
      if (draft.base)
        await saveNoteEdit(
          db,
          draft.noteId,
          { base: draft.base, patch: draft.patch },
          { source: 'user', tab: tabId() }
        );
      else await updateNote(db, draft.noteId, draft.patch, { source: 'user', tab: tabId() });
      applied += 1;
    } catch (error) {
      // Put it back for the next start rather than dropping it.
      stashDraft(storage, draft.noteId, draft.patch, draft.time, draft.base);
      throw error;
    }
  }
  return applied;
}
