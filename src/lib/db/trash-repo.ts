/** The trash: what is in it, and emptying it for good. */
import { ItemType, type Note, type Notebook } from '$lib/core';
import type { FolioDatabase } from './database';
import { writeTransaction, type WriteOptions } from './write';

/** The trashed notes and notebooks, most recently trashed first. */
export async function listTrash(db: FolioDatabase): Promise<{ notes: Note[]; notebooks: Notebook[] }> {
  const notes = await db.notes.where('deleted_time').above(0).toArray();
  const notebooks = await db.folders.where('deleted_time').above(0).toArray();
  notes.sort((a, b) => b.deleted_time - a.deleted_time);
  notebooks.sort((a, b) => b.deleted_time - a.deleted_time);
  return { notes, notebooks };
}

/**
 * Deletes for good everything in the trash: notes (with their tag links and history) and
 * notebooks. Returns how many of each went.
 */
export async function emptyTrash(
  db: FolioDatabase,
  options: WriteOptions = {}
): Promise<{ notes: number; notebooks: number }> {
  return writeTransaction(db, ['notes', 'folders', 'note_tags', 'revisions'], options, async (changes) => {
    const noteIds = (await db.notes.where('deleted_time').above(0).primaryKeys()) as string[];
    const folderIds = (await db.folders.where('deleted_time').above(0).primaryKeys()) as string[];
    const links = await db.note_tags.where('note_id').anyOf(noteIds).toArray();
    await db.note_tags.bulkDelete(links.map((l) => l.id));
    for (const link of links) changes.log(link.id, ItemType.NoteTag, 'deleted');
    await db.revisions.where('note_id').anyOf(noteIds).delete();
    await db.notes.bulkDelete(noteIds);
    for (const id of noteIds) changes.log(id, ItemType.Note, 'deleted');
    await db.folders.bulkDelete(folderIds);
    for (const id of folderIds) changes.log(id, ItemType.Folder, 'deleted');
    return { notes: noteIds.length, notebooks: folderIds.length };
  });
}
