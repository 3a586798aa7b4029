/**
 * The first rows of a note list, read alone so the first screen does not wait for all ids: with
 * 10,000 notes, reading every key takes a few hundred ms on a slow machine; the first 64 take a few.
 * Same order and filters as listNoteIds in $lib/db (most recently updated first, trash excluded),
 * or sortedNoteIds for the other orders. The first screen's notes are read at the same time, so
 * its rows show without a second round trip (issue 15).
 */
import {
  firstNotes,
  listNoteIds,
  sortedNoteIds,
  type FolioDatabase,
  type NoteScope,
  type NoteSort
} from '$lib/db';
import { summarize, type NoteSummary } from './note-summary';

/** How many ids the first read takes: more than a tall screen shows. */
export const FIRST_IDS_COUNT = 64;

/**
 * How many of their notes are read with them: the rows the list renders at the top of a screen
 * 1,500 px tall, with its overscan (virtual-range.ts).
 */
export const FIRST_NOTES_COUNT = 32;

/**
 * The longest the rest of a list's ids wait for the search index's start (see
 * Workspace.wantAllIds): a vault whose index is rebuilt from every note takes far longer.
 */
export const ALL_IDS_MAX_WAIT_MS = 3_000;

/** The first ids of a list, and the summaries of the first of their notes by id. */
export interface FirstRows {
  ids: string[];
  summaries: Map<string, NoteSummary>;
}

/** The first `count` ids of listNoteIds(db, scope), or of sortedNoteIds in another order. */
export function firstNoteIds(
  db: FolioDatabase,
  scope: NoteScope,
  count = FIRST_IDS_COUNT,
  sort: NoteSort = 'updated'
): Promise<string[]> {
  return sort === 'updated' ? listNoteIds(db, scope, count) : sortedNoteIds(db, scope, sort, count);
}

/** firstNoteIds, and summaries of the first FIRST_NOTES_COUNT notes, read at once. */
export async function firstRows(db: FolioDatabase, scope: NoteScope, sort: NoteSort): Promise<FirstRows> {
  const [ids, notes] = await Promise.all([
    firstNoteIds(db, scope, FIRST_IDS_COUNT, sort),
    firstNotes(db, scope, sort, FIRST_NOTES_COUNT)
  ]);
  return { ids, summaries: new Map(notes.map((note) => [note.id, summarize(note)])) };
}
