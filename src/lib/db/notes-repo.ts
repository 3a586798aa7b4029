/** Notes: create, update (with history), list, trash and restore. */
import Dexie, { type IndexableType } from 'dexie';
import { AppError, ItemType, newId, noteDefaults, type Note } from '$lib/core';
import type { FolioDatabase } from './database';
import { conflictNoteIds } from './conflicts-repo';
import { newestFirst, newestFirstIds } from './newest-first-ids';
import { getDefaultNotebookId } from './notebooks-repo';
import { saveRevisionIfDue } from './revisions-repo';
import { writeTransaction, type WriteOptions } from './write';

/** Which notes a list shows. `conflicts`: the conflict copies sync made (they show nowhere else). */
export type NoteScope =
  { kind: 'all' } | { kind: 'notebook'; id: string } | { kind: 'trash' } | { kind: 'conflicts' };

/** The fields a caller may set on update (ids and bookkeeping times are the repository's). */
export type NotePatch = Partial<Omit<Note, 'id' | 'created_time' | 'updated_time'>>;

/** A note by id, trashed or not. */
export function getNote(db: FolioDatabase, id: string): Promise<Note | undefined> {
  return db.notes.get(id);
}

/** Several notes by id, in the same order (undefined where missing). */
export function getNotes(db: FolioDatabase, ids: string[]): Promise<(Note | undefined)[]> {
  return db.notes.bulkGet(ids);
}

/**
 * Creates a note. Without `parent_id` it goes to the default notebook; it is an error when the
 * workspace has none, or when the named notebook does not exist or is in the trash.
 */
export async function createNote(
  db: FolioDatabase,
  fields: Partial<Note> = {},
  options: WriteOptions = {}
): Promise<Note> {
  const parent_id = fields.parent_id ?? (await getDefaultNotebookId(db));
  if (parent_id === undefined)
    throw new AppError('not_found', 'There is no notebook to put the note in. Create a notebook first.');
  return writeTransaction(db, ['notes', 'folders'], options, async (changes) => {
    if (parent_id) {
      const folder = await db.folders.get(parent_id);
      if (!folder || folder.deleted_time)
        throw new AppError('not_found', `No notebook with id ${parent_id}.`);
    }
    const note: Note = {
      ...noteDefaults(changes.now),
      ...fields,
      id: fields.id ?? newId(),
      parent_id,
      deleted_time: 0
    };
    if (!fields.created_time) note.created_time = note.user_created_time = changes.now;
    await db.notes.add(note);
    changes.log(note.id, ItemType.Note, 'created', true);
    return note;
  });
}

/**
 * Updates a note that is not in the trash. A change of title or body first keeps a revision of the
 * old version when revisions-repo's policy says so (always when another writer wrote it).
 */
export async function updateNote(
  db: FolioDatabase,
  id: string,
  patch: NotePatch,
  options: WriteOptions = {}
): Promise<Note> {
  return writeTransaction(db, ['notes', 'folders', 'revisions'], options, async (changes) => {
    const note = await db.notes.get(id);
    if (!note || note.deleted_time)
      throw new AppError('not_found', `No note with id ${id}${note ? ' (it is in the trash)' : ''}.`);
    if (patch.parent_id !== undefined && patch.parent_id !== note.parent_id) {
      const folder = await db.folders.get(patch.parent_id);
      if (!folder || folder.deleted_time)
        throw new AppError('not_found', `No notebook with id ${patch.parent_id}.`);
    }
    const textChanged =
      (patch.title !== undefined && patch.title !== note.title) ||
      (patch.body !== undefined && patch.body !== note.body);
    if (textChanged) await saveRevisionIfDue(db, note, changes);
    const next: Note = {
      ...note,
      ...patch,
      id,
      updated_time: changes.now,
      user_updated_time: patch.user_updated_time ?? changes.now
    };
    await db.notes.put(next);
    changes.log(id, ItemType.Note, 'updated', textChanged);
    return next;
  });
}

/** Moves a note to the trash; it keeps its notebook so that restore can put it back. */
export async function trashNote(db: FolioDatabase, id: string, options: WriteOptions = {}): Promise<Note> {
  return writeTransaction(db, ['notes'], options, async (changes) => {
    const note = await db.notes.get(id);
    if (!note || note.deleted_time) throw new AppError('not_found', `No note with id ${id}.`);
    // updated_time moves too, as in Joplin: sync (here and in Joplin) takes the newer version.
    const next = { ...note, deleted_time: changes.now, updated_time: changes.now };
    await db.notes.put(next);
    changes.log(id, ItemType.Note, 'updated');
    return next;
  });
}

/** Takes a note out of the trash, into its notebook, or the default one if that is gone. */
export async function restoreNote(db: FolioDatabase, id: string, options: WriteOptions = {}): Promise<Note> {
  const fallback = (await getDefaultNotebookId(db)) ?? '';
  return writeTransaction(db, ['notes', 'folders'], options, async (changes) => {
    const note = await db.notes.get(id);
    if (!note || !note.deleted_time) throw new AppError('not_found', `No note with id ${id} in the trash.`);
    const folder = note.parent_id ? await db.folders.get(note.parent_id) : undefined;
    const parent_id = folder && !folder.deleted_time ? folder.id : fallback;
    const next = { ...note, parent_id, deleted_time: 0, updated_time: changes.now };
    await db.notes.put(next);
    changes.log(id, ItemType.Note, 'updated');
    return next;
  });
}

/** Notes directly in a notebook and not in the trash, counted on the index without loading them. */
export function countNotesInNotebook(db: FolioDatabase, notebookId: string): Promise<number> {
  return db.notes
    .where('[parent_id+deleted_time+updated_time]')
    .between([notebookId, 0, Dexie.minKey], [notebookId, 0, Dexie.maxKey])
    .count();
}

/**
 * The ids of the notes in a scope, most recently updated first (at most `limit`). Reads index keys
 * only. Conflict copies show only in the `conflicts` scope, as in Joplin.
 */
export async function listNoteIds(db: FolioDatabase, scope: NoteScope, limit = Infinity): Promise<string[]> {
  if (scope.kind === 'conflicts') return (await conflictNoteIds(db)).slice(0, limit);
  if (scope.kind === 'trash') {
    const trashed = await db.notes.where('deleted_time').above(0).toArray();
    return trashed
      .sort((a, b) => b.deleted_time - a.deleted_time)
      .map((n) => n.id)
      .slice(0, limit);
  }
  // Conflict copies are rare: their ids come from their own index and are left out of the list.
  // Both reads at once: at start each round trip waits for a busy main thread (issue 15).
  const { index, prefix } = updatedRange(scope);
  const [conflictIds, ids] = await Promise.all([
    db.notes.where('is_conflict').equals(1).primaryKeys(),
    Number.isFinite(limit)
      ? (newestFirst(db, index, prefix).limit(limit).primaryKeys() as Promise<string[]>)
      : newestFirstIds(db, index, prefix)
  ]);
  if (!Number.isFinite(limit)) return withoutCopies(ids, new Set(conflictIds));
  return firstWithoutCopies(ids, new Set(conflictIds), limit, (count) =>
    newestFirst(db, index, prefix).limit(count).primaryKeys()
  );
}

/** `ids` without the conflict copies among them. */
export function withoutCopies(ids: string[], copies: Set<string>): string[] {
  return copies.size ? ids.filter((id) => !copies.has(id)) : ids;
}

/**
 * The first `limit` ids of a list that are not conflict copies, from `first` (its first `limit`
 * ids, read beside the copies' ids): when copies took places among them, `readFirst` reads that
 * many more (rare).
 */
export async function firstWithoutCopies(
  first: string[],
  copies: Set<string>,
  limit: number,
  readFirst: (count: number) => Promise<IndexableType[]>
): Promise<string[]> {
  const kept = withoutCopies(first, copies);
  if (kept.length < limit && first.length === limit && copies.size)
    return withoutCopies((await readFirst(limit + copies.size)) as string[], copies).slice(0, limit);
  return kept.slice(0, limit);
}

/** The index listNoteIds reads for a scope other than the trash and the conflict copies, and its key prefix. */
export function updatedRange(scope: NoteScope & { kind: 'all' | 'notebook' }): {
  index: string;
  prefix: (string | number)[];
} {
  return scope.kind === 'notebook'
    ? { index: '[parent_id+deleted_time+updated_time]', prefix: [scope.id, 0] }
    : { index: '[deleted_time+updated_time]', prefix: [0] };
}
