/**
 * Changes to a note's content, whoever writes them: the one path that keeps every version.
 *
 * Writers other than the user's editor (the assistant's workspace tools, MCP clients, plugins,
 * sync) call `writeNote`: a read-modify-write of the stored note in one transaction, so two writers
 * in the same second both land, one after the other. An editor calls `saveNoteEdit` with the
 * version its text was made from (`base`): when the stored note moved on meanwhile (another tab,
 * an MCP client, sync), the edit is merged three-way into it inside the same transaction (core's
 * mergeText), never written over it; places both changed become a pending conflict (`conflicts`
 * table, plus a conflict copy of the other version, listed under Conflicts, as Joplin keeps).
 * Sync can use `saveNoteEdit` too, with the last synced version as base.
 *
 * Every write names its writer (WriteOptions: source, name, tab) in the change log; the version it
 * replaces is kept as a revision whenever another writer wrote it (revisions-repo.ts), whatever the
 * 10-minute throttle says. A note in the trash refuses `writeNote` with a message saying so; an
 * editor's edit of a note trashed meanwhile is kept with it (restoring it brings the edit back).
 * A full disk fails the whole transaction with AppError 'storage_full' (write.ts): nothing half-written.
 */
import {
  AppError,
  ItemType,
  locateLines,
  mergeText,
  newId,
  splitLines,
  type Note,
  type Writer
} from '$lib/core';
import { addConflictCopy, closeMergeConflict } from './conflict-copies';
import type { ConflictHunk, ConflictRecord, FolioDatabase } from './database';
import { updateNote, type NotePatch } from './notes-repo';
import { lastTextWriter, saveRevisionIfDue } from './revisions-repo';
import { writeTransaction, type ChangeLog, type WriteOptions } from './write';

/**
 * Changes a note not in the trash: `change` gets the note as stored now and returns the patch (it
 * may throw an AppError to refuse, changing nothing). Returns the note as written.
 */
export async function writeNote(
  db: FolioDatabase,
  id: string,
  change: (note: Note) => NotePatch,
  options: WriteOptions
): Promise<Note> {
  return writeTransaction(db, ['notes', 'folders', 'revisions'], options, async (changes) => {
    const note = await db.notes.get(id);
    if (!note) throw new AppError('not_found', `No note with id ${id}.`);
    if (note.deleted_time)
      throw new AppError(
        'not_found',
        `The note “${note.title || 'Untitled'}” is in the trash, so it was not changed. Restore it from the trash first.`
      );
    return updateNote(db, id, change(note), { ...options, now: changes.now });
  });
}

/** An edit made on a known version of a note: what the editor changed, and the version it started from. */
export interface NoteEdit {
  /** The stored title and body the edit was made on (what the editor last loaded, saved or merged). */
  base: { title: string; body: string };
  /** The fields the editor changed, with their values now. */
  patch: NotePatch;
}

/** What `saveNoteEdit` stored. */
export interface NoteEditResult {
  /** The note as stored now. */
  note: Note;
  /** True when the stored note had moved on and the edit was merged into it: the editor must show `note`. */
  merged: boolean;
  /** Conflicting places found by this save (also in the note's conflict record). */
  conflicts: ConflictHunk[];
  /** The note was in the trash; the edit was kept with it there. */
  trashed: boolean;
}

/**
 * Saves an editor's edit: as is when the stored note is still `base`, else merged three-way into
 * the stored note (see the module comment). One transaction.
 */
export async function saveNoteEdit(
  db: FolioDatabase,
  id: string,
  edit: NoteEdit,
  options: WriteOptions
): Promise<NoteEditResult> {
  return writeTransaction(db, ['notes', 'folders', 'revisions', 'conflicts'], options, async (changes) => {
    const stored = await db.notes.get(id);
    if (!stored)
      throw new AppError('not_found', `This note no longer exists, so the edit could not be saved.`);
    const { patch, base } = edit;
    const body =
      patch.body === undefined || stored.body === base.body
        ? patch.body
        : mergeText(base.body, patch.body, stored.body);
    const next: NotePatch = { ...patch };
    if (typeof body === 'object') next.body = body.text;
    // Both renamed it: the edit's title is kept, theirs stays in the revision of their version.
    if (patch.title !== undefined && patch.title === base.title) next.title = stored.title;
    const merged = stored.body !== base.body || stored.title !== base.title;
    const result = changedFields(stored, next);
    if (!result) return { note: stored, merged, conflicts: [], trashed: stored.deleted_time > 0 };
    // Read before writing: once this save is logged, the latest writer is this one.
    const theirsAuthor =
      typeof body === 'object' && body.conflicts.length ? await lastTextWriter(db, id) : undefined;
    let note: Note;
    if (stored.deleted_time) {
      // updateNote refuses trashed notes; this edit is the user's own and must not be lost.
      note = await keepWithTrashed(db, stored, result, changes);
    } else {
      note = await updateNote(db, id, result, { ...options, now: changes.now });
    }
    const found =
      typeof body === 'object' && body.conflicts.length
        ? await recordConflict(db, stored, body, theirsAuthor, changes)
        : [];
    return { note, merged, conflicts: found, trashed: stored.deleted_time > 0 };
  });
}

/** The fields of `patch` that differ from `note`, or null when none does. */
function changedFields(note: Note, patch: NotePatch): NotePatch | null {
  const entries = Object.entries(patch).filter(
    ([key, value]) => value !== undefined && note[key as keyof Note] !== value
  );
  return entries.length ? (Object.fromEntries(entries) as NotePatch) : null;
}

async function keepWithTrashed(
  db: FolioDatabase,
  stored: Note,
  patch: NotePatch,
  changes: ChangeLog
): Promise<Note> {
  await saveRevisionIfDue(db, stored, changes);
  const next: Note = { ...stored, ...patch, updated_time: changes.now, user_updated_time: changes.now };
  await db.notes.put(next);
  changes.log(stored.id, ItemType.Note, 'updated', true);
  return next;
}

/**
 * Records the conflicts of a merge: their places in the note's conflict record (created or
 * extended) and a conflict copy of the other version (listed under Conflicts).
 */
async function recordConflict(
  db: FolioDatabase,
  theirs: Note,
  merge: ReturnType<typeof mergeText>,
  theirsAuthor: Writer | undefined,
  changes: ChangeLog
): Promise<ConflictHunk[]> {
  const lines = splitLines(merge.text);
  const hunks: ConflictHunk[] = merge.conflicts.map((c) => ({
    id: newId(),
    at: c.at,
    before: c.at > 0 ? lines[c.at - 1] : null,
    base: c.base,
    mine: c.mine,
    theirs: c.theirs,
    ...(theirsAuthor ? { theirsAuthor } : {}),
    mineAuthor: changes.writer
  }));
  const copy = await addConflictCopy(db, theirs, changes, `${theirs.title || 'Untitled'} (conflict copy)`);
  const record = await db.conflicts.get(theirs.id);
  await db.conflicts.put({
    note_id: theirs.id,
    hunks: [...(record?.hunks ?? []), ...hunks],
    copy_ids: [...(record?.copy_ids ?? []), copy.id],
    created_time: record?.created_time ?? changes.now
  });
  return hunks;
}

/** A note's pending conflicts, or undefined. */
export function getConflict(db: FolioDatabase, noteId: string): Promise<ConflictRecord | undefined> {
  return db.conflicts.get(noteId);
}

/**
 * Marks conflict places resolved (the editor already shows and saves the user's choice). Once none
 * is left, the conflict is closed (conflict-copies.ts): the record goes, and so do its conflict
 * copies; the other version stays in the note's history, where `saveNoteEdit` kept it.
 */
export async function resolveConflicts(
  db: FolioDatabase,
  noteId: string,
  hunkIds: readonly string[],
  options: WriteOptions = {}
): Promise<void> {
  await writeTransaction(db, ['notes', 'conflicts'], options, async (changes) => {
    const record = await db.conflicts.get(noteId);
    if (!record) return;
    const hunks = record.hunks.filter((h) => !hunkIds.includes(h.id));
    if (hunks.length) await db.conflicts.put({ ...record, hunks });
    else await closeMergeConflict(db, noteId, changes);
  });
}

/** Where a conflict place is in `markdown` now (its first line's index), or -1 when its text is gone. */
export function locateHunk(markdown: string, hunk: ConflictHunk): number {
  return locateLines(splitLines(markdown), hunk.mine, hunk.before, hunk.at);
}
