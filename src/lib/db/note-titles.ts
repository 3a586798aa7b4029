/** Finding notes by title, for the `[[` note picker. */
import type { FolioDatabase } from './database';

/** A note as the picker lists it. */
export interface NoteTitle {
  id: string;
  title: string;
}

/**
 * Up to `limit` notes (not in the trash) whose title contains `query` (case-insensitive), titles
 * that start with it first, then the most recently updated; an empty query lists recent notes.
 * It walks notes newest first and stops after enough matches, so a common query reads little.
 */
export async function findNotesByTitle(
  db: FolioDatabase,
  query: string,
  limit = 8,
  exceptId = ''
): Promise<NoteTitle[]> {
  const q = query.trim().toLowerCase();
  const matches = await db.notes
    .orderBy('updated_time')
    .reverse()
    .filter((note) => !note.deleted_time && note.id !== exceptId && note.title.toLowerCase().includes(q))
    .limit(q ? limit * 4 : limit)
    .toArray();
  const starts = (title: string) => (title.toLowerCase().startsWith(q) ? 0 : 1);
  return matches
    .map((note) => ({ id: note.id, title: note.title }))
    .sort((a, b) => starts(a.title) - starts(b.title))
    .slice(0, limit);
}
