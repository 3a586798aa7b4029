/**
 * Conflict copies, as Joplin makes them: when sync finds a note changed both here and on another
 * device, the other device's version stays in the note and this device's version is kept as a new
 * note with `is_conflict` 1 (and `conflict_original_id` naming the note, in joplin_extra). Like
 * Joplin, conflict copies never leave this device and are listed apart, under Conflicts. The user
 * resolves one with Keep mine / Keep theirs / Keep both; every choice leaves the discarded text in
 * the trash or the history.
 */
import { AppError, ItemType, type Note } from '$lib/core';
import type { FolioDatabase } from './database';
import { getDefaultNotebookId } from './notebooks-repo';
import { saveRevision } from './revisions-repo';
import { writeTransaction, type WriteOptions } from './write';

type WithExtra = Note & { joplin_extra?: Record<string, string> };

/** How the user resolves a conflict copy. */
export type ConflictChoice = 'mine' | 'theirs' | 'both';

/** The ids of the conflict copies not in the trash. */
export async function conflictNoteIds(db: FolioDatabase): Promise<string[]> {
  const notes = await db.notes.where('is_conflict').equals(1).toArray();
  return notes.filter((n) => !n.deleted_time).sort((a, b) => b.updated_time - a.updated_time).map((n) => n.id);
}

/** The note a conflict copy was made from, if it names one and it still exists. */
export async function conflictOriginal(db: FolioDatabase, copy: Note): Promise<Note | undefined> {
  const originalId = (copy as WithExtra).joplin_extra?.conflict_original_id;
  return originalId ? db.notes.get(originalId) : undefined;
}

/**
 * Resolves a conflict copy:
 * - `mine`: the original takes the copy's title and body (its own version saved as a revision
 *   first); the copy goes to the trash. Without an original, the copy becomes a note again.
 * - `theirs`: the copy goes to the trash; the original stays as it is.
 * - `both`: the copy becomes an ordinary note (so it syncs), in its notebook or the default one.
 * Returns the id of the note to show next.
 */
export async function resolveConflict(db: FolioDatabase, copyId: string, choice: ConflictChoice, options: WriteOptions = {}): Promise<string> {
  const fallback = (await getDefaultNotebookId(db)) ?? '';
  return writeTransaction(db, ['notes', 'folders', 'revisions'], options, async (changes) => {
    const copy = (await db.notes.get(copyId)) as WithExtra | undefined;
    if (!copy || !copy.is_conflict || copy.deleted_time) throw new AppError('not_found', 'This conflict was already resolved.');
    const originalId = copy.joplin_extra?.conflict_original_id;
    const original = originalId ? await db.notes.get(originalId) : undefined;
    const trashCopy = async () => {
      await db.notes.put({ ...copy, deleted_time: changes.now, updated_time: changes.now });
      changes.log(copy.id, ItemType.Note, 'updated');
    };
    if (choice === 'theirs') {
      await trashCopy();
      return original?.id ?? copy.id;
    }
    if (choice === 'mine' && original && !original.deleted_time) {
      await saveRevision(db, original, changes, 'Before keeping the conflict copy');
      await db.notes.put({ ...original, title: copy.title, body: copy.body, updated_time: changes.now, user_updated_time: changes.now });
      changes.log(original.id, ItemType.Note, 'updated');
      await trashCopy();
      return original.id;
    }
    const folder = copy.parent_id ? await db.folders.get(copy.parent_id) : undefined;
    const extra = { ...(copy.joplin_extra ?? {}), conflict_original_id: '' };
    const kept: WithExtra = {
      ...copy,
      is_conflict: 0,
      parent_id: folder && !folder.deleted_time ? folder.id : fallback,
      updated_time: changes.now,
      user_updated_time: changes.now,
      joplin_extra: extra
    };
    await db.notes.put(kept);
    changes.log(copy.id, ItemType.Note, 'updated');
    return copy.id;
  });
}
