/**
 * The first rows of a note list, read alone so the first screen does not wait for all ids: with
 * 10,000 notes, reading every key takes a few hundred ms on a slow machine; the first 64 take a few.
 * Same order and filters as listNoteIds in $lib/db (most recently updated first, trash excluded),
 * or sortedNoteIds for the other orders.
 */
import { listNoteIds, sortedNoteIds, type FolioDatabase, type NoteScope, type NoteSort } from '$lib/db';

/** How many ids the first read takes: more than a tall screen shows. */
export const FIRST_IDS_COUNT = 64;

/**
 * The longest the rest of a list's ids wait for the search index's start (see
 * Workspace.wantAllIds): a vault whose index is rebuilt from every note takes far longer.
 */
export const ALL_IDS_MAX_WAIT_MS = 3_000;

/** The first `count` ids of listNoteIds(db, scope), or of sortedNoteIds in another order. */
export function firstNoteIds(
  db: FolioDatabase,
  scope: NoteScope,
  count = FIRST_IDS_COUNT,
  sort: NoteSort = 'updated'
): Promise<string[]> {
  return sort === 'updated' ? listNoteIds(db, scope, count) : sortedNoteIds(db, scope, sort, count);
}
