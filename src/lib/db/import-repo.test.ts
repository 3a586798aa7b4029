import { describe, expect, it } from 'vitest';
import { noteDefaults, type Notebook } from '$lib/core';
import { freshDb } from '../../../tests/fresh-db';
import { existingItemIds, putImportBatch, putImportBlob, removeImported } from './import-repo';

const T = Date.UTC(2024, 0, 1);
const folder: Notebook = {
  id: 'f'.repeat(32),
  title: 'F',
  parent_id: '',
  created_time: T,
  updated_time: T,
  user_created_time: T,
  user_updated_time: T,
  icon: '',
  deleted_time: 0
};
const note = {
  ...noteDefaults(T),
  id: 'a'.repeat(32),
  parent_id: folder.id,
  title: 'N',
  created_time: 5,
  updated_time: 6
};
const batch = { folders: [folder], notes: [note], tags: [], noteTags: [], resources: [] };

describe('import repository', () => {
  it('stores items with their own ids and times, logged as an import', async () => {
    const db = freshDb();
    await putImportBatch(db, batch);
    expect(await db.notes.get(note.id)).toEqual(note);
    expect((await db.changes.toArray()).map((c) => [c.item_id, c.kind, c.source])).toEqual([
      [folder.id, 'created', 'import'],
      [note.id, 'created', 'import']
    ]);
  });

  it('finds which ids any item table already holds', async () => {
    const db = freshDb();
    await putImportBatch(db, batch);
    expect(await existingItemIds(db, [note.id, folder.id, 'b'.repeat(32)])).toEqual(
      new Set([note.id, folder.id])
    );
  });

  it('writes nothing of a batch when one item cannot be stored', async () => {
    const db = freshDb();
    await putImportBatch(db, batch);
    const other = { ...folder, id: 'c'.repeat(32) };
    await expect(putImportBatch(db, { ...batch, folders: [other], notes: [note] })).rejects.toThrow();
    expect(await db.folders.get(other.id)).toBeUndefined();
  });

  it('removes everything an import wrote, bytes included, and logs the deletions', async () => {
    const db = freshDb();
    await putImportBatch(db, batch);
    await putImportBlob(db, 'd'.repeat(32), new Blob(['x']));
    await removeImported(
      db,
      { folders: [folder.id], notes: [note.id], tags: [], noteTags: [], resources: [] },
      ['d'.repeat(32)]
    );
    expect(await db.notes.count()).toBe(0);
    expect(await db.folders.count()).toBe(0);
    expect(await db.blobs.count()).toBe(0);
    expect((await db.changes.toArray()).filter((c) => c.kind === 'deleted')).toHaveLength(2);
  });
});
