/**
 * Note history. A revision is a copy of a note's title and body as it was before a change. The
 * user's own typing takes one at most every REVISION_INTERVAL_MS (so a long editing session leaves
 * a trail without a copy per keystroke); a change from the AI or a plugin always takes one first,
 * so every such change can be undone from the history view.
 */
import { AppError, ItemType, newId, type Note, type Revision } from '$lib/core';
import type { FolioDatabase } from './database';
import { writeTransaction, type ChangeLog, type WriteOptions } from './write';

/** The least time between two revisions taken for the user's own edits. */
export const REVISION_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Saves a revision of `before` when the policy asks for one. Runs inside the caller's transaction
 * (which must include `revisions`).
 */
export async function saveRevisionIfDue(db: FolioDatabase, before: Note, changes: ChangeLog, label = ''): Promise<Revision | null> {
  const forced = changes.source !== 'user' && changes.source !== 'system';
  if (!forced) {
    const last = await db.revisions
      .where('[note_id+created_time]')
      .between([before.id, 0], [before.id, Infinity])
      .last();
    if (last && changes.now - last.created_time < REVISION_INTERVAL_MS) return null;
  }
  return saveRevision(db, before, changes, label);
}

/** Saves a revision of `before` whatever the policy says. Runs inside the caller's transaction. */
export async function saveRevision(db: FolioDatabase, before: Note, changes: ChangeLog, label = ''): Promise<Revision> {
  const revision: Revision = {
    id: newId(),
    note_id: before.id,
    title: before.title,
    body: before.body,
    created_time: changes.now,
    source: changes.source,
    label: label || defaultLabel(changes.source)
  };
  await db.revisions.add(revision);
  return revision;
}

function defaultLabel(source: Revision['source']): string {
  switch (source) {
    case 'ai':
      return 'Before AI edit';
    case 'plugin':
      return 'Before plugin edit';
    case 'import':
      return 'Before import';
    case 'sync':
      return 'Before sync';
    default:
      return 'Earlier version';
  }
}

/** A note's revisions, newest first. */
export async function listRevisions(db: FolioDatabase, noteId: string): Promise<Revision[]> {
  const revisions = await db.revisions
    .where('[note_id+created_time]')
    .between([noteId, 0], [noteId, Infinity])
    .toArray();
  return revisions.reverse();
}

/**
 * Puts a revision's title and body back on its note. The current version is saved as a revision
 * first, so restoring is itself undoable.
 */
export async function restoreRevision(db: FolioDatabase, revisionId: string, options: WriteOptions = {}): Promise<Note> {
  return writeTransaction(db, ['notes', 'revisions'], options, async (changes) => {
    const revision = await db.revisions.get(revisionId);
    if (!revision) throw new AppError('not_found', `No revision with id ${revisionId}.`);
    const note = await db.notes.get(revision.note_id);
    if (!note) throw new AppError('not_found', `The note of this revision no longer exists.`);
    await db.revisions.add({
      id: newId(),
      note_id: note.id,
      title: note.title,
      body: note.body,
      created_time: changes.now,
      source: changes.source,
      label: 'Before restoring an earlier version'
    });
    const restored: Note = { ...note, title: revision.title, body: revision.body, updated_time: changes.now, user_updated_time: changes.now };
    await db.notes.put(restored);
    changes.log(note.id, ItemType.Note, 'updated');
    return restored;
  });
}
