/**
 * Note history. A revision is a copy of a note's title and body as it was, and records who wrote
 * that version (`author`, read from the change log) and why it was kept (`label`).
 *
 * When one writer's version is replaced by another writer's (the assistant, a plugin, an MCP client,
 * sync, an import, or the user in another tab replacing the user's own, or the user replacing any of
 * theirs), the replaced version is always kept. The user's own typing over their own version keeps
 * one at most every REVISION_INTERVAL_MS, so a long editing session leaves a trail without a copy
 * per keystroke.
 */
import {
  AppError,
  describeWriter,
  ItemType,
  newId,
  sameWriter,
  writerOf,
  type Note,
  type Revision,
  type Writer
} from '$lib/core';
import type { FolioDatabase } from './database';
import { writeTransaction, type ChangeLog, type WriteOptions } from './write';

/** The least time between two revisions taken for the user's own edits. */
export const REVISION_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Who wrote the note's current title and body: the writer of its latest text change in the log
 * (for a log written before text changes were marked, its latest change). Undefined when unknown.
 */
export async function lastTextWriter(db: FolioDatabase, noteId: string): Promise<Writer | undefined> {
  const changes = db.changes.where('item_id').equals(noteId);
  const change =
    (await changes
      .clone()
      .reverse()
      .filter((c) => c.text === 1)
      .first()) ?? (await changes.last());
  return change ? writerOf(change.source, change.name, change.tab) : undefined;
}

/**
 * Saves a revision of `before` (about to be replaced by `changes.writer`) when the policy asks for
 * one; see the module comment. Runs inside the caller's transaction (which must include
 * `revisions`; `changes` is always in it).
 */
export async function saveRevisionIfDue(
  db: FolioDatabase,
  before: Note,
  changes: ChangeLog
): Promise<Revision | null> {
  // A new note's empty first version holds nothing to go back to.
  if (!before.title && !before.body) return null;
  const author = await lastTextWriter(db, before.id);
  const ownEdit = changes.source === 'user' || changes.source === 'system';
  const forced = changes.options.keepRevision || !ownEdit || !sameWriter(author, changes.writer);
  if (!forced) {
    const last = await db.revisions
      .where('[note_id+created_time]')
      .between([before.id, 0], [before.id, Infinity])
      .last();
    if (last && changes.now - last.created_time < REVISION_INTERVAL_MS) return null;
  }
  return addRevision(db, before, changes, {
    label: changes.options.label || revisionLabel(changes, author, forced),
    author
  });
}

/** Adds a revision of `version` (its title and body) to the caller's transaction. */
export async function addRevision(
  db: FolioDatabase,
  version: Pick<Note, 'id' | 'title' | 'body'>,
  changes: ChangeLog,
  extra: { label: string; author?: Writer }
): Promise<Revision> {
  const revision: Revision = {
    id: newId(),
    note_id: version.id,
    title: version.title,
    body: version.body,
    created_time: changes.now,
    source: changes.source,
    label: extra.label,
    ...(extra.author ? { author: extra.author } : {})
  };
  await db.revisions.add(revision);
  return revision;
}

/**
 * Saves a revision of `before` whatever the policy says, labelled `label` (else as the policy would
 * label it): for writers that replace a version on purpose (sync taking a remote version, a
 * conflict resolved). Runs inside the caller's transaction.
 */
export async function saveRevision(
  db: FolioDatabase,
  before: Note,
  changes: ChangeLog,
  label = ''
): Promise<Revision> {
  const author = await lastTextWriter(db, before.id);
  return addRevision(db, before, changes, {
    label: label || changes.options.label || revisionLabel(changes, author, true),
    author
  });
}

/** "Before an edit by the assistant (update_note)", "Earlier version", … */
function revisionLabel(changes: ChangeLog, author: Writer | undefined, forced: boolean): string {
  const tool = changes.options.tool ? ` (${changes.options.tool})` : '';
  if (changes.source === 'user' && !forced) return 'Earlier version';
  if (changes.source === 'user')
    return sameWriter(author, changes.writer) ? 'Earlier version' : 'Before your edit';
  if (changes.source === 'import') return 'Before import';
  return `Before an edit by ${describeWriter(changes.writer)}${tool}`;
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
export async function restoreRevision(
  db: FolioDatabase,
  revisionId: string,
  options: WriteOptions = {}
): Promise<Note> {
  return writeTransaction(db, ['notes', 'revisions'], options, async (changes) => {
    const revision = await db.revisions.get(revisionId);
    if (!revision) throw new AppError('not_found', `No revision with id ${revisionId}.`);
    const note = await db.notes.get(revision.note_id);
    if (!note) throw new AppError('not_found', `The note of this revision no longer exists.`);
    await addRevision(db, note, changes, {
      label: 'Before restoring an earlier version',
      author: await lastTextWriter(db, note.id)
    });
    const restored: Note = {
      ...note,
      title: revision.title,
      body: revision.body,
      updated_time: changes.now,
      user_updated_time: changes.now
    };
    await db.notes.put(restored);
    changes.log(note.id, ItemType.Note, 'updated', true);
    return restored;
  });
}
