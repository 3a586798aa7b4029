/**
 * The first rows of a note list, read alone so the first screen does not wait for all ids: with
 * 10,000 notes, reading every key takes a few hundred ms on a slow machine; the first 64 take a few.
 * Same order and filters as listNoteIds in $lib/db (most recently updated first, trash excluded).
 */
import { listNoteIds, type FolioDatabase, type NoteScope } from '$lib/db';

/** How many ids the first read takes: more than a tall screen shows. */
export const FIRST_IDS_COUNT = 64;

/** The first `count` ids of listNoteIds(db, scope). */
export function firstNoteIds(db: FolioDatabase, scope: NoteScope, count = FIRST_IDS_COUNT): Promise<string[]> {
  return listNoteIds(db, scope, count);
}
