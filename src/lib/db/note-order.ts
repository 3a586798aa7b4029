/**
 * The orders a note list can be sorted in: last updated (newest first), created (newest first)
 * or title (A to Z, as people read them: case and accents aside, numbers by value). Each reads
 * index keys only, never note bodies; titles are sorted in memory with Intl.Collator, which
 * IndexedDB's own (binary) order of strings is not.
 */
import Dexie from 'dexie';
import type { FolioDatabase } from './database';
import { listNoteIds, type NoteScope } from './notes-repo';

/** How a note list is sorted. */
export type NoteSort = 'updated' | 'created' | 'title';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function range(
  db: FolioDatabase,
  scope: NoteScope & { kind: 'all' | 'notebook' },
  field: 'created_time' | 'title'
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
  const conflicts = new Set(await db.notes.where('is_conflict').equals(1).primaryKeys());
  const kept = (ids: string[]) => (conflicts.size ? ids.filter((id) => !conflicts.has(id)) : ids);
  const upTo = (ids: string[]) => (limit === undefined ? ids : ids.slice(0, limit));
  if (sort === 'created') {
    const newest = range(db, scope, 'created_time').reverse();
    return upTo(
      kept(
        (await (
          limit === undefined ? newest : newest.limit(limit + conflicts.size)
        ).primaryKeys()) as string[]
      )
    );
  }
  const collection = range(db, scope, 'title');
  const [keys, ids] = await Promise.all([collection.keys(), collection.primaryKeys()]);
  const rows = ids.map((id, i) => ({ id: id as string, title: String((keys[i] as unknown[]).at(-1) ?? '') }));
  rows.sort((a, b) => collator.compare(a.title, b.title) || a.id.localeCompare(b.id));
  return upTo(kept(rows.map((row) => row.id)));
}
