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
import { getSetting, setSettingInTransaction } from './settings-repo';

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

type Cursor = number | { building: number; after: string } | null;

/** The rows of these notes from their current bodies, and the notes that are gone. */
async function rowsOf(db: FolioDatabase, noteIds: string[]) {
  const notes = noteIds.length ? await db.notes.bulkGet(noteIds) : [];
  const rows = notes.flatMap((note) => (note ? [{ note_id: note.id, targets: linkTargets(note.body) }] : []));
  return { rows, gone: noteIds.filter((_, i) => !notes[i]) };
}

/**
 * Writes one step's rows and moves the cursor from `from` to `to`, unless another tab moved it
 * meanwhile: that tab read the same notes at least as late, and the next step goes on from where
 * it got. Returns whether this step's rows were kept.
 *
 * The notes are read before, in a read-only transaction: reading them in this one would lock the
 * notes for writing, and after an import the steps ran back to back, each holding up the
 * workspace's searches (which read notes) for its whole length. The check on the cursor is what
 * reading them here protected: a row computed from a note older than the cursor says can only be
 * written while the cursor still asks for that note to be read again.
 */
async function commitStep(
  db: FolioDatabase,
  from: Cursor,
  to: Cursor,
  { rows, gone }: Awaited<ReturnType<typeof rowsOf>>
): Promise<boolean> {
  return db.transaction('rw', db.note_links, db.settings, async () => {
    const now = await getSetting<Cursor>(db, NOTE_LINKS_CURSOR_KEY, null);
    if (JSON.stringify(now) !== JSON.stringify(from)) return false;
    if (rows.length) await db.note_links.bulkPut(rows);
    if (gone.length) await db.note_links.bulkDelete(gone);
    await setSettingInTransaction(db, NOTE_LINKS_CURSOR_KEY, to);
    return true;
  });
}

/**
 * Applies the next batch of work: the first build (all notes, in steps) or the changes since the
 * cursor. Returns true while more is waiting.
 */
export async function followNoteLinks(db: FolioDatabase): Promise<boolean> {
  const cursor = await getSetting<Cursor>(db, NOTE_LINKS_CURSOR_KEY, null);
  if (cursor === null || typeof cursor === 'object') {
    // First build: the seq is taken before reading, so changes made meanwhile are applied after.
    const seq = cursor?.building ?? (await latestChangeSeq(db));
    const after = cursor?.after ?? '';
    const ids = (await db.notes.where(':id').above(after).limit(STEP_SIZE).primaryKeys()) as string[];
    const done = ids.length < STEP_SIZE;
    const next = done ? seq : { building: seq, after: ids[ids.length - 1] };
    const kept = await commitStep(db, cursor, next, await rowsOf(db, ids));
    return !kept || !done || seq < (await latestChangeSeq(db));
  }
  const changes = await readChangesSince(db, cursor, STEP_SIZE);
  if (!changes.length) return false;
  const ids = [...new Set(changes.filter((c) => c.item_type === ItemType.Note).map((c) => c.item_id))];
  const kept = await commitStep(db, cursor, changes[changes.length - 1].seq!, await rowsOf(db, ids));
  return !kept || changes.length === STEP_SIZE;
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
