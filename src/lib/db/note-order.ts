/**
 * The orders a note list can be sorted in: last updated (newest first), created (newest first)
 * or title (A to Z, as people read them: case and accents aside, numbers by value). Each reads
 * index keys only, never note bodies, and a page of the list only what the page needs: the Title
 * order is the index of each note's title sort key (title-sort-key.ts), ties by id. Until every
 * note stored before that index has its key (title-sort-backfill.ts), titles are read from their
 * raw index and sorted in memory by the same key.
 */
import Dexie from 'dexie';
import type { Note } from '$lib/core';
import type { FolioDatabase } from './database';
import { newestFirst } from './newest-first-ids';
import { firstWithoutCopies, listNoteIds, updatedRange, withoutCopies, type NoteScope } from './notes-repo';
import { titleSortFilled } from './title-sort-backfill';
import { titleSortKey } from './title-sort-key';
import { TITLE_SORT_FIELD } from './title-sort-middleware';

/** How a note list is sorted. */
export type NoteSort = 'updated' | 'created' | 'title';

function range(
  db: FolioDatabase,
  scope: NoteScope & { kind: 'all' | 'notebook' },
  field: 'created_time' | 'title' | typeof TITLE_SORT_FIELD
) {
  return scope.kind === 'notebook'
    ? db.notes
        .where(`[parent_id+deleted_time+${field}]`)
        .between([scope.id, 0, Dexie.minKey], [scope.id, 0, Dexie.maxKey])
    : db.notes.where(`[deleted_time+${field}]`).between([0, Dexie.minKey], [0, Dexie.maxKey]);
}

/**
 * The ids of a scope's notes in `sort` order; at most `limit` when given. The trash and the
 * conflict copies keep listNoteIds' order; elsewhere conflict copies are left out, as listNoteIds does.
 */
export async function sortedNoteIds(
  db: FolioDatabase,
  scope: NoteScope,
  sort: NoteSort,
  limit?: number
): Promise<string[]> {
  if (sort === 'updated' || scope.kind === 'trash' || scope.kind === 'conflicts')
    return listNoteIds(db, scope, limit);
  const ordered = () => keyedOrder(db, scope, sort);
  // All at once: at start each read waits behind the worker's and a busy main thread, so every
  // round trip counts. A first screenful is read in the keyed order before knowing every note has
  // its key (thrown away in the rare case not); all ids wait for that answer, as they are many.
  const [conflictIds, keyed, first] = await Promise.all([
    db.notes.where('is_conflict').equals(1).primaryKeys(),
    sort === 'title' ? titleSortFilled(db) : true,
    limit === undefined ? undefined : (ordered().limit(limit).primaryKeys() as Promise<string[]>)
  ]);
  const copies = new Set(conflictIds);
  if (!keyed) {
    const all = withoutCopies(await idsByRawTitle(db, scope), copies);
    return limit === undefined ? all : all.slice(0, limit);
  }
  if (limit === undefined) return withoutCopies((await ordered().primaryKeys()) as string[], copies);
  return firstWithoutCopies(first ?? [], copies, limit, (count) => ordered().limit(count).primaryKeys());
}

/**
 * The Created order (newest first) or the keyed Title order of a scope, a new collection each
 * call: Dexie's limit() changes the collection it is called on.
 */
function keyedOrder(
  db: FolioDatabase,
  scope: NoteScope & { kind: 'all' | 'notebook' },
  sort: 'created' | 'title'
) {
  return sort === 'created' ? range(db, scope, 'created_time').reverse() : range(db, scope, TITLE_SORT_FIELD);
}

/** Every id of the scope in Title order, sorting the raw titles' index in memory (all of it). */
async function idsByRawTitle(db: FolioDatabase, scope: NoteScope & { kind: 'all' | 'notebook' }) {
  const collection = range(db, scope, 'title');
  const [keys, ids] = await Promise.all([collection.keys(), collection.primaryKeys()]);
  const rows = ids.map((id, i) => ({
    id: id as string,
    key: titleSortKey(String((keys[i] as unknown[]).at(-1) ?? ''))
  }));
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows.map((row) => row.id);
}

/**
 * The first `count` notes of a scope in `sort` order, whole records, in one request: read beside
 * the list's first ids, a list's first screen needs no second read for its rows (issue 15).
 * Conflict copies may be among them (the caller keeps the notes whose ids it lists). None for the
 * trash, the conflict copies, and the Title order until every note has its key: those lists read
 * their rows by id, as any later screen does.
 */
export async function firstNotes(
  db: FolioDatabase,
  scope: NoteScope,
  sort: NoteSort,
  count: number
): Promise<Note[]> {
  if (scope.kind === 'trash' || scope.kind === 'conflicts') return [];
  if (sort === 'updated') {
    const { index, prefix } = updatedRange(scope);
    return newestFirst(db, index, prefix).limit(count).toArray();
  }
  if (sort === 'created') return keyedOrder(db, scope, sort).limit(count).toArray();
  // Read beside the check that every note has its key, as sortedNoteIds does.
  const [keyed, notes] = await Promise.all([
    titleSortFilled(db),
    keyedOrder(db, scope, sort).limit(count).toArray()
  ]);
  return keyed ? notes : [];
}
