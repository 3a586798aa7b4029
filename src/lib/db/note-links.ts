/**
 * Which notes link to which: each note's `:/id` link targets (Joplin's note and attachment links)
 * in `note_links`, so "Linked from" asks an index instead of reading every note.
 *
 * The table is derived data, like the search index: it is built from the notes once and then
 * follows the change log (`changes`, by seq), so every writer (the editor, the AI, MCP clients,
 * plugins, import, another tab) is covered without each write path knowing about it. The
 * follower's cursor is a setting (settings are not in the change log). Several tabs may follow at
 * once: each row is recomputed from the note as it is now, so they agree.
 */
import { ItemType } from '$lib/core';
import type { FolioDatabase } from './database';
import { latestChangeSeq, readChangesSince } from './changes';
import { getSetting, setSetting } from './settings-repo';

/** The settings key of the follower's cursor (the seq of the last change applied). */
export const NOTE_LINKS_CURSOR_KEY = 'noteLinks.seq';
/** How many notes or changes one step reads. */
const STEP_SIZE = 500;

const TARGET = /:\/([0-9a-fA-F]{32})(?![0-9a-fA-F])/g;

/** The distinct ids a Markdown body links to with `:/id` (lower case, in order of appearance). */
export function linkTargets(body: string): string[] {
  const found = new Set<string>();
  for (const match of body.matchAll(TARGET)) found.add(match[1].toLowerCase());
  return [...found];
}

/** Recomputes the rows of these notes from their current bodies (a missing note loses its row). */
export async function refreshNoteLinks(db: FolioDatabase, noteIds: string[]): Promise<void> {
  if (!noteIds.length) return;
  await db.transaction('rw', db.notes, db.note_links, async () => {
    const notes = await db.notes.bulkGet(noteIds);
    const rows = notes.flatMap((note) =>
      note ? [{ note_id: note.id, targets: linkTargets(note.body) }] : []
    );
    const gone = noteIds.filter((_, i) => !notes[i]);
    await db.note_links.bulkPut(rows);
    if (gone.length) await db.note_links.bulkDelete(gone);
  });
}

/**
 * Applies the next batch of work: the first build (all notes, in steps) or the changes since the
 * cursor. Returns true while more is waiting.
 */
export async function followNoteLinks(db: FolioDatabase): Promise<boolean> {
  const cursor = await getSetting<number | { building: number; after: string } | null>(
    db,
    NOTE_LINKS_CURSOR_KEY,
    null
  );
  if (cursor === null || typeof cursor === 'object') {
    // First build: the seq is taken before reading, so changes made meanwhile are applied after.
    const seq = cursor?.building ?? (await latestChangeSeq(db));
    const after = cursor?.after ?? '';
    const ids = (await db.notes.where(':id').above(after).limit(STEP_SIZE).primaryKeys()) as string[];
    await refreshNoteLinks(db, ids);
    const done = ids.length < STEP_SIZE;
    await setSetting(db, NOTE_LINKS_CURSOR_KEY, done ? seq : { building: seq, after: ids[ids.length - 1] });
    return !done || seq < (await latestChangeSeq(db));
  }
  const changes = await readChangesSince(db, cursor, STEP_SIZE);
  if (!changes.length) return false;
  const ids = [...new Set(changes.filter((c) => c.item_type === ItemType.Note).map((c) => c.item_id))];
  await refreshNoteLinks(db, ids);
  await setSetting(db, NOTE_LINKS_CURSOR_KEY, changes[changes.length - 1].seq!);
  return changes.length === STEP_SIZE;
}

/** The notes (not in the trash) whose bodies link to `noteId`, by title. */
export async function listBacklinks(
  db: FolioDatabase,
  noteId: string
): Promise<{ id: string; title: string }[]> {
  const ids = (await db.note_links.where('targets').equals(noteId.toLowerCase()).primaryKeys()) as string[];
  const notes = await db.notes.bulkGet(ids.filter((id) => id !== noteId));
  return notes
    .flatMap((note) => (note && !note.deleted_time ? [{ id: note.id, title: note.title }] : []))
    .sort((a, b) => a.title.localeCompare(b.title));
}
