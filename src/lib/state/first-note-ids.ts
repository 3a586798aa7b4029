/**
 * The first rows of a note list, read alone so the first screen does not wait for all ids: with
 * 10,000 notes, reading every key takes a few hundred ms on a slow machine; the first 64 take a few.
 * Same order and filters as listNoteIds in $lib/db (most recently updated first, trash excluded),
 * or sortedNoteIds for the other orders.
 */
import Dexie from 'dexie';
import { listNoteIds, sortedNoteIds, type FolioDatabase, type NoteScope, type NoteSort } from '$lib/db';

/** How many ids the first read takes: more than a tall screen shows. */
export const FIRST_IDS_COUNT = 64;

/** The first `count` ids of listNoteIds(db, scope). */
export async function firstNoteIds(db: FolioDatabase, scope: NoteScope, count = FIRST_IDS_COUNT, sort: NoteSort = 'updated'): Promise<string[]> {
  if (sort !== 'updated') return sortedNoteIds(db, scope, sort, count);
  if (scope.kind === 'notebook') {
    return db.notes
      .where('[parent_id+deleted_time+updated_time]')
      .between([scope.id, 0, Dexie.minKey], [scope.id, 0, Dexie.maxKey])
      .reverse()
      .limit(count)
      .primaryKeys();
  }
  if (scope.kind === 'all') {
    return db.notes
      .where('[deleted_time+updated_time]')
      .between([0, Dexie.minKey], [0, Dexie.maxKey])
      .reverse()
      .limit(count)
      .primaryKeys();
  }
  return (await listNoteIds(db, scope)).slice(0, count);
}
