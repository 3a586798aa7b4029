import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import {
  createNote,
  createNotebook,
  descendantNotebookIds,
  listNotebooks,
  listNoteIds,
  moveNotebook,
  renameNotebook,
  restoreNotebook,
  trashNotebook,
  getNote
} from '$lib/db';

describe('notebooks repository', () => {
  it('nests notebooks by parent_id', async () => {
    const db = freshDb();
    const a = await createNotebook(db, { title: 'A' });
    const b = await createNotebook(db, { title: 'B', parent_id: a.id });
    const c = await createNotebook(db, { title: 'C', parent_id: b.id });
    expect((await descendantNotebookIds(db, a.id)).sort()).toEqual([a.id, b.id, c.id].sort());
  });

  it('renames a notebook and rejects an empty title', async () => {
    const db = freshDb();
    const a = await createNotebook(db, { title: 'A' });
    expect((await renameNotebook(db, a.id, ' Work ')).title).toBe('Work');
    await expect(renameNotebook(db, a.id, '  ')).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('refuses to move a notebook into its own descendant', async () => {
    const db = freshDb();
    const a = await createNotebook(db, { title: 'A' });
    const b = await createNotebook(db, { title: 'B', parent_id: a.id });
    await expect(moveNotebook(db, a.id, b.id)).rejects.toMatchObject({ code: 'invalid_argument' });
    expect((await moveNotebook(db, b.id, '')).parent_id).toBe('');
  });

  it('trashes a notebook with its sub-notebooks and notes, and restores exactly those', async () => {
    const db = freshDb();
    const a = await createNotebook(db, { title: 'A' });
    const b = await createNotebook(db, { title: 'B', parent_id: a.id });
    const inB = await createNote(db, { parent_id: b.id, title: 'in b' });
    const other = await createNotebook(db, { title: 'Other' });
    await createNote(db, { parent_id: other.id });
    await trashNotebook(db, a.id, { now: 5000 });
    expect((await listNotebooks(db)).map((n) => n.title)).toEqual(['Other']);
    expect((await getNote(db, inB.id))?.deleted_time).toBe(5000);
    await restoreNotebook(db, a.id);
    expect((await listNotebooks(db)).map((n) => n.title)).toEqual(['A', 'B', 'Other']);
    expect(await listNoteIds(db, { kind: 'notebook', id: b.id })).toEqual([inB.id]);
  });

  it('keeps a note trashed on its own out of a notebook restore', async () => {
    const db = freshDb();
    const a = await createNotebook(db, { title: 'A' });
    const early = await createNote(db, { parent_id: a.id });
    const { trashNote } = await import('$lib/db');
    await trashNote(db, early.id, { now: 100 });
    await trashNotebook(db, a.id, { now: 200 });
    await restoreNotebook(db, a.id);
    expect((await getNote(db, early.id))?.deleted_time).toBe(100);
  });
});
