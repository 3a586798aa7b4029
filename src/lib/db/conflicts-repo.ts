/**
 * Conflict copies as the user sees and resolves them (conflict-copies.ts makes them): a copy made by
 * sync holds this device's version beside the other device's in the note; one made by a merge holds
 * another writer's version beside the user's edit in the note. Like Joplin's, conflict copies
 * never leave this device and are listed apart, under Conflicts. The user resolves one with Keep
 * mine / Keep theirs / Keep both; every choice leaves the discarded text in the trash or the history.
 */
import { AppError, ItemType, type Note, type Writer } from '$lib/core';
import { closeMergeConflict, mergeRecordOf, originalIdOf, withTheirs } from './conflict-copies';
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
  return notes
    .filter((n) => !n.deleted_time)
    .sort((a, b) => b.updated_time - a.updated_time)
    .map((n) => n.id);
}

/** The note a conflict copy was made from, if it names one and it still exists. */
export async function conflictOriginal(db: FolioDatabase, copy: Note): Promise<Note | undefined> {
  const originalId = originalIdOf(copy);
  return originalId ? db.notes.get(originalId) : undefined;
}

/** The two versions of a conflict copy, from the user's side: which is theirs depends on who made it. */
export interface ConflictVersions {
  /** 'sync': another device's version is in the note, this device's in the copy. 'merge': the user's edit is in the note, another writer's in the copy. */
  kind: 'sync' | 'merge';
  mine: Note | undefined;
  theirs: Note | undefined;
  /** Who wrote each (a merge's record says), when known. */
  theirsAuthor?: Writer;
  mineAuthor?: Writer;
}

/** The versions a conflict copy stands between (undefined when the copy is gone). */
export async function conflictVersions(
  db: FolioDatabase,
  copyId: string
): Promise<ConflictVersions | undefined> {
  const copy = await db.notes.get(copyId);
  if (!copy) return undefined;
  const original = await conflictOriginal(db, copy);
  const record = await mergeRecordOf(db, copy);
  if (!record) return { kind: 'sync', mine: copy, theirs: original };
  const theirsAuthor = record.hunks.find((h) => h.theirsAuthor)?.theirsAuthor;
  const mineAuthor = record.hunks.find((h) => h.mineAuthor)?.mineAuthor;
  return {
    kind: 'merge',
    mine: original,
    theirs: copy,
    ...(theirsAuthor ? { theirsAuthor } : {}),
    ...(mineAuthor ? { mineAuthor } : {})
  };
}

/**
 * Resolves a conflict copy, as the user chose between the two versions (see ConflictVersions):
 * - `mine`: the note ends up with the user's version; the other one stays in its History.
 * - `theirs`: the note ends up with the other version (its own saved as a revision first).
 * - `both`: the copy becomes an ordinary note (so it syncs), in its notebook or the default one.
 * A sync copy no longer needed goes to the trash; without its note (the other device deleted it)
 * it becomes a note again for `mine`. A merge copy closes the note's pending conflict
 * (conflict-copies.ts), so the editor's `Conflict` group goes too; theirs is applied at each
 * conflict place, as the editor's Keep theirs does. Returns the id of the note to show next.
 */
export async function resolveConflict(
  db: FolioDatabase,
  copyId: string,
  choice: ConflictChoice,
  options: WriteOptions = {}
): Promise<string> {
  const fallback = (await getDefaultNotebookId(db)) ?? '';
  return writeTransaction(db, ['notes', 'folders', 'revisions', 'conflicts'], options, async (changes) => {
    const copy = (await db.notes.get(copyId)) as WithExtra | undefined;
    if (!copy || !copy.is_conflict || copy.deleted_time)
      throw new AppError('not_found', 'This conflict was already resolved.');
    const found = await conflictOriginal(db, copy);
    const original = found && !found.deleted_time ? found : undefined;
    const record = await mergeRecordOf(db, copy);
    const trashCopy = async () => {
      await db.notes.put({ ...copy, deleted_time: changes.now, updated_time: changes.now });
      changes.log(copy.id, ItemType.Note, 'updated');
    };
    const putText = async (note: Note, text: Pick<Note, 'title' | 'body'>, label: string) => {
      await saveRevision(db, note, changes, label);
      await db.notes.put({ ...note, ...text, updated_time: changes.now, user_updated_time: changes.now });
      changes.log(note.id, ItemType.Note, 'updated', true);
    };
    if (record) {
      // A merge's copy: the user's version is in the note, the other writer's in the copy.
      const keepCopy = choice === 'both' || (choice === 'theirs' && !original);
      await closeMergeConflict(db, record.note_id, changes, keepCopy ? copy.id : '');
      if (!keepCopy) {
        if (choice === 'theirs' && original)
          await putText(
            original,
            { title: original.title, body: withTheirs(original.body, record.hunks) },
            'Before keeping the other version'
          );
        return record.note_id;
      }
    } else if (original && choice !== 'both') {
      // Sync's copy: this device's version is in the copy, the other device's in the note.
      if (choice === 'mine')
        await putText(original, { title: copy.title, body: copy.body }, 'Before keeping the conflict copy');
      await trashCopy();
      return original.id;
    } else if (choice === 'theirs') {
      // The other device deleted the note: only this device's version is left, in the copy.
      await trashCopy();
      return copy.id;
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
