/**
 * Conflict copies, whoever finds the conflict. Two writers make them:
 * - sync (sync-repo.ts `putConflict`): a note changed here and on another device; the other
 *   device's version goes into the note, this device's into the copy (Joplin's rule);
 * - a merge (note-writes.ts `saveNoteEdit`): an editor's edit and another writer's version changed
 *   the same places; the edit stays in the note, with a pending `conflicts` record listing the
 *   places, and the other version goes into the copy.
 * Both are made here, the same way (a whole copy of the note, as Joplin makes them: `is_conflict`
 * 1 and `conflict_original_id` naming the note), and a merge's pending conflict is closed here,
 * whichever view resolves it (the editor's `Conflict` group or the copy's conflict panel), so the
 * two views never disagree about what is still open.
 */
import { ItemType, locateLines, spliceLines, splitLines, type Note } from '$lib/core';
import { newId } from '$lib/core';
import type { ConflictHunk, ConflictRecord, FolioDatabase } from './database';
import type { ChangeLog } from './write';

type WithExtra = Note & { joplin_extra?: Record<string, string> };

/**
 * Adds a conflict copy of `from` (its fields as they are, a new id; `title` replaces its title),
 * beside it in its notebook. Lists leave it out; the tree's Conflicts entry lists it. The caller's
 * transaction covers 'notes'.
 */
export async function addConflictCopy(
  db: FolioDatabase,
  from: Note,
  changes: ChangeLog,
  title?: string
): Promise<Note> {
  const source = from as WithExtra;
  const copy: WithExtra = {
    ...source,
    id: newId(),
    title: title ?? source.title,
    is_conflict: 1,
    // Joplin links a copy to its note this way, and never shares one.
    joplin_extra: {
      ...(source.joplin_extra ?? {}),
      conflict_original_id: source.id,
      is_shared: '0',
      share_id: ''
    }
  };
  await db.notes.add(copy);
  changes.log(copy.id, ItemType.Note, 'created', true);
  return copy;
}

/** The id of the note a copy was made from ('' when it names none). */
export function originalIdOf(copy: Note): string {
  return (copy as WithExtra).joplin_extra?.conflict_original_id ?? '';
}

/** The pending merge conflict a copy holds the other version of, or undefined (a sync copy). */
export async function mergeRecordOf(db: FolioDatabase, copy: Note): Promise<ConflictRecord | undefined> {
  const originalId = originalIdOf(copy);
  const record = originalId ? await db.conflicts.get(originalId) : undefined;
  return record?.copy_ids.includes(copy.id) ? record : undefined;
}

/**
 * Closes a note's pending merge conflict: the record goes, and so do its copies (but `keep`, a
 * copy the user keeps as a note of its own). The other version stays in the note's History, where
 * the merge kept it. The caller's transaction covers 'notes' and 'conflicts'.
 */
export async function closeMergeConflict(
  db: FolioDatabase,
  noteId: string,
  changes: ChangeLog,
  keep = ''
): Promise<void> {
  const record = await db.conflicts.get(noteId);
  if (!record) return;
  await db.conflicts.delete(noteId);
  for (const id of record.copy_ids) {
    if (id === keep || !(await db.notes.get(id))) continue;
    await db.notes.delete(id);
    changes.log(id, ItemType.Note, 'deleted');
  }
}

/**
 * `body` with the other version at each conflict place, as the editor's Keep theirs puts it; a place
 * whose lines are gone gets the other version at the end, so nothing is dropped.
 */
export function withTheirs(body: string, hunks: readonly ConflictHunk[]): string {
  let lines = splitLines(body);
  const unplaced: string[][] = [];
  for (const hunk of hunks) {
    const at = locateLines(lines, hunk.mine, hunk.before, hunk.at);
    if (at < 0) unplaced.push(hunk.theirs);
    else lines = splitLines(spliceLines(lines, at, hunk.mine.length, hunk.theirs));
  }
  for (const theirs of unplaced) lines = [...lines, ...(lines[lines.length - 1] ? [''] : []), ...theirs];
  return lines.join('\n');
}
