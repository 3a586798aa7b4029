/**
 * Notes as MCP resources, so a client can attach a note as context. One URI scheme:
 * `folio://note/{id}` (the 32-hex note id). `resources/list` pages through the notes not in the
 * trash in id order with the last id as the cursor (keyset paging: a note created or trashed
 * between two pages neither repeats nor shifts the others); `resources/read` gives the note's
 * Markdown body. Trashed notes count as not found, as with `read_note`.
 */
import type { ToolContext } from '$lib/tools';

type Database = ToolContext['db'];

/** The URI template of a note resource (RFC 6570), as `resources/templates/list` gives it. */
export const NOTE_URI_TEMPLATE = 'folio://note/{id}';
/** Notes per `resources/list` page. */
export const RESOURCE_PAGE_SIZE = 100;
/** The MIME type of a note's content. */
export const NOTE_MIME_TYPE = 'text/markdown';

const NOTE_URI = /^folio:\/\/note\/([0-9a-f]{32})$/;

/** The resource URI of a note. */
export function noteUri(id: string): string {
  return `folio://note/${id}`;
}

/** The note id of a note resource URI, or null when `uri` is not one. */
export function parseNoteUri(uri: string): string | null {
  return NOTE_URI.exec(uri)?.[1] ?? null;
}

/** One entry of `resources/list`. */
export interface NoteResource {
  uri: string;
  name: string;
  title: string;
  mimeType: string;
  size: number;
  annotations: { lastModified: string };
}

/** One page of note resources; `nextCursor` is absent on the last page. */
export interface NoteResourcePage {
  resources: NoteResource[];
  nextCursor?: string;
}

/** Thrown for a cursor this server did not hand out (the server answers with Invalid params). */
export class BadCursorError extends Error {
  constructor(cursor: string) {
    super(`Invalid cursor ${JSON.stringify(cursor)}: pass back the nextCursor of the previous page.`);
    this.name = 'BadCursorError';
  }
}

/** A page of notes not in the trash, after the note whose id is `cursor`. */
export async function listNoteResources(
  db: Database,
  cursor?: string,
  pageSize = RESOURCE_PAGE_SIZE
): Promise<NoteResourcePage> {
  if (cursor !== undefined && !/^[0-9a-f]{32}$/.test(cursor)) throw new BadCursorError(cursor);
  const range = cursor === undefined ? db.notes.toCollection() : db.notes.where(':id').above(cursor);
  // One more than a page tells whether another page follows without a count query.
  const notes = await range
    .filter((note) => !note.deleted_time)
    .limit(pageSize + 1)
    .toArray();
  const page = notes.slice(0, pageSize);
  const resources = page.map((note) => ({
    uri: noteUri(note.id),
    name: note.title || 'Untitled',
    title: note.title || 'Untitled',
    mimeType: NOTE_MIME_TYPE,
    size: new TextEncoder().encode(note.body).length,
    annotations: { lastModified: new Date(note.updated_time).toISOString() }
  }));
  return notes.length > pageSize ? { resources, nextCursor: page[page.length - 1].id } : { resources };
}

/** The contents of a note resource, or null when it is not a note URI or the note is missing or trashed. */
export async function readNoteResource(
  db: Database,
  uri: string
): Promise<{ uri: string; mimeType: string; text: string } | null> {
  const id = parseNoteUri(uri);
  if (!id) return null;
  const note = await db.notes.get(id);
  if (!note || note.deleted_time) return null;
  return { uri, mimeType: NOTE_MIME_TYPE, text: note.body };
}
