/**
 * Writes for imports: items arrive with their own ids and times (kept, so a JEX round trip is
 * faithful), in batches, each batch one transaction logged with source 'import'. An import that is
 * cancelled or fails removes what it wrote with `removeImported`, so no half import stays behind.
 */
import { ItemType, type Note, type Notebook, type NoteTag, type Resource, type Tag } from '$lib/core';
import type { FolioDatabase } from './database';
import { writeTransaction, type WriteOptions } from './write';
import { ownedBlob } from './owned-blob';

/** Items to store together, ids and times as given. */
export interface ImportBatch {
  folders: Notebook[];
  notes: Note[];
  tags: Tag[];
  noteTags: NoteTag[];
  resources: Resource[];
}

/** The ids an import wrote, by kind, to undo it. */
export interface ImportedIds {
  folders: string[];
  notes: string[];
  tags: string[];
  noteTags: string[];
  resources: string[];
}

const IMPORT: WriteOptions = { source: 'import' };

/** The ids among `ids` that any item table already holds. */
export async function existingItemIds(db: FolioDatabase, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (!ids.length) return found;
  for (const table of [db.notes, db.folders, db.tags, db.note_tags, db.resources] as const) {
    const keys = await (table as typeof db.notes).where(':id').anyOf(ids).primaryKeys();
    for (const key of keys) found.add(key);
  }
  return found;
}

/** Stores one batch of imported items in one transaction. */
export async function putImportBatch(
  db: FolioDatabase,
  batch: ImportBatch,
  options: WriteOptions = IMPORT
): Promise<void> {
  await writeTransaction(
    db,
    ['folders', 'notes', 'tags', 'note_tags', 'resources'],
    { ...IMPORT, ...options },
    async (changes) => {
      await db.folders.bulkAdd(batch.folders);
      await db.notes.bulkAdd(batch.notes);
      await db.tags.bulkAdd(batch.tags);
      await db.note_tags.bulkAdd(batch.noteTags);
      await db.resources.bulkAdd(batch.resources);
      for (const f of batch.folders) changes.log(f.id, ItemType.Folder, 'created');
      for (const n of batch.notes) changes.log(n.id, ItemType.Note, 'created', true);
      for (const t of batch.tags) changes.log(t.id, ItemType.Tag, 'created');
      for (const l of batch.noteTags) changes.log(l.id, ItemType.NoteTag, 'created');
      for (const r of batch.resources) changes.log(r.id, ItemType.Resource, 'created');
    }
  );
}

/** Stores an attachment's bytes (its metadata comes with a batch). */
export async function putImportBlob(db: FolioDatabase, id: string, data: Blob): Promise<void> {
  const bytes = await ownedBlob(data);
  await writeTransaction(db, ['blobs'], IMPORT, async () => {
    await db.blobs.put({ id, data: bytes });
  });
}

/** Changes fields of imported notes (a notebook that never arrived, links fixed at the end). */
export async function patchImportedNotes(
  db: FolioDatabase,
  patches: { id: string; parent_id?: string; body?: string }[]
): Promise<void> {
  if (!patches.length) return;
  await writeTransaction(db, ['notes'], IMPORT, async (changes) => {
    for (const { id, ...patch } of patches) {
      await db.notes.update(id, patch);
      changes.log(id, ItemType.Note, 'updated', patch.body !== undefined);
    }
  });
}

/** Moves imported notebooks whose parent never arrived. */
export async function patchImportedFolders(
  db: FolioDatabase,
  patches: { id: string; parent_id: string }[]
): Promise<void> {
  if (!patches.length) return;
  await writeTransaction(db, ['folders'], IMPORT, async (changes) => {
    for (const { id, parent_id } of patches) {
      await db.folders.update(id, { parent_id });
      changes.log(id, ItemType.Folder, 'updated');
    }
  });
}

/** Removes everything an import wrote (items and attachment bytes), in one transaction. */
export async function removeImported(db: FolioDatabase, ids: ImportedIds, blobIds: string[]): Promise<void> {
  await writeTransaction(
    db,
    ['folders', 'notes', 'tags', 'note_tags', 'resources', 'blobs'],
    IMPORT,
    async (changes) => {
      await db.folders.bulkDelete(ids.folders);
      await db.notes.bulkDelete(ids.notes);
      await db.tags.bulkDelete(ids.tags);
      await db.note_tags.bulkDelete(ids.noteTags);
      await db.resources.bulkDelete(ids.resources);
      await db.blobs.bulkDelete(blobIds);
      for (const id of ids.folders) changes.log(id, ItemType.Folder, 'deleted');
      for (const id of ids.notes) changes.log(id, ItemType.Note, 'deleted');
      for (const id of ids.tags) changes.log(id, ItemType.Tag, 'deleted');
      for (const id of ids.noteTags) changes.log(id, ItemType.NoteTag, 'deleted');
      for (const id of ids.resources) changes.log(id, ItemType.Resource, 'deleted');
    }
  );
}
