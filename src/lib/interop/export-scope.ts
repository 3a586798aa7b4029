/**
 * What an export holds: everything, a notebook (with its sub-notebooks) or one note, and the tags,
 * note-tag links and attachments those notes use. Notes are read in pages so 10,000 notes never
 * sit in memory at once; the small tables (notebooks, tags, links, attachment metadata) are read whole.
 */
import type { Note, Notebook, NoteTag, Resource, Tag } from '$lib/core';
import { collectDescendants, type FolioDatabase } from '$lib/db';
import { itemRefs } from './links';

/** Which part of the library to export. */
export type ExportScope = { kind: 'all' } | { kind: 'notebook'; id: string } | { kind: 'note'; id: string };

/** The items of an export, notes as pages read on demand. */
export interface ExportSet {
  folders: Notebook[];
  tags: Tag[];
  noteTags: NoteTag[];
  resources: Resource[];
  noteCount: number;
  /** The notes, a page at a time. */
  notePages(): AsyncGenerator<Note[]>;
}

const NOTE_PAGE_SIZE = 500;

/** Collects what an export of `scope` holds. Trashed items go only into an export of everything. */
export async function collectExport(db: FolioDatabase, scope: ExportScope): Promise<ExportSet> {
  const allFolders = await db.folders.toArray();
  const noteIds = await scopeNoteIds(db, scope, allFolders);
  const folderIds = new Set(await scopeFolderIds(db, scope, allFolders, noteIds));
  const folders = allFolders.filter((f) => folderIds.has(f.id));
  const idSet = new Set(noteIds);
  const noteTags =
    scope.kind === 'all'
      ? await db.note_tags.toArray()
      : await db.note_tags.where('note_id').anyOf(noteIds).toArray();
  const tagIds = new Set(noteTags.map((l) => l.tag_id));
  const tags =
    scope.kind === 'all'
      ? await db.tags.toArray()
      : (await db.tags.bulkGet([...tagIds])).filter((t): t is Tag => !!t);
  const resources =
    scope.kind === 'all' ? await db.resources.toArray() : await referencedResources(db, noteIds);
  return {
    folders,
    tags,
    noteTags: noteTags.filter((l) => idSet.has(l.note_id)),
    resources,
    noteCount: noteIds.length,
    async *notePages() {
      for (let i = 0; i < noteIds.length; i += NOTE_PAGE_SIZE) {
        const page = await db.notes.bulkGet(noteIds.slice(i, i + NOTE_PAGE_SIZE));
        yield page.filter((n): n is Note => !!n);
      }
    }
  };
}

async function scopeNoteIds(db: FolioDatabase, scope: ExportScope, folders: Notebook[]): Promise<string[]> {
  if (scope.kind === 'all') return (await db.notes.toCollection().primaryKeys()) as string[];
  if (scope.kind === 'note') return (await db.notes.get(scope.id)) ? [scope.id] : [];
  const live = folders.filter((f) => !f.deleted_time);
  const ids = collectDescendants(live, scope.id);
  const notes = await db.notes
    .where('parent_id')
    .anyOf(ids)
    .filter((n) => !n.deleted_time)
    .primaryKeys();
  return notes as string[];
}

async function scopeFolderIds(
  db: FolioDatabase,
  scope: ExportScope,
  folders: Notebook[],
  noteIds: string[]
): Promise<string[]> {
  if (scope.kind === 'all') return folders.map((f) => f.id);
  if (scope.kind === 'notebook')
    return collectDescendants(
      folders.filter((f) => !f.deleted_time),
      scope.id
    );
  // A single note travels with its notebook (not the notebook's other notes), as Joplin does.
  const note = noteIds.length ? await db.notes.get(noteIds[0]) : undefined;
  return note?.parent_id ? [note.parent_id] : [];
}

async function referencedResources(db: FolioDatabase, noteIds: string[]): Promise<Resource[]> {
  const ids = new Set<string>();
  for (let i = 0; i < noteIds.length; i += NOTE_PAGE_SIZE) {
    for (const note of await db.notes.bulkGet(noteIds.slice(i, i + NOTE_PAGE_SIZE))) {
      for (const id of itemRefs(note?.body ?? '')) ids.add(id);
    }
  }
  return (await db.resources.bulkGet([...ids])).filter((r): r is Resource => !!r);
}
