import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import {
  createNote,
  ensureDefaultNotebook,
  fillTitleSortKeys,
  sortedNoteIds,
  trashNote,
  updateNote
} from '$lib/db';

describe('sortedNoteIds', () => {
  it('sorts by title as people read (case and accents aside, numbers by value), by creation and by update', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const titles = ['banana', 'Apple', 'Note 10', 'Note 9', 'Éclair', 'cherry'];
    const notes = [];
    for (const [i, title] of titles.entries())
      notes.push(await createNote(db, { title, created_time: 1000 + i, user_created_time: 1000 + i }));
    await trashNote(db, notes[5].id);
    const byId = new Map(notes.map((n) => [n.id, n.title]));
    const names = async (sort: 'title' | 'created' | 'updated') =>
      (await sortedNoteIds(db, { kind: 'all' }, sort)).map((id) => byId.get(id));
    // Sorted in memory until the keys are known filled, then read from their index: the same order.
    expect(await names('title')).toEqual(['Apple', 'banana', 'Éclair', 'Note 9', 'Note 10']);
    await fillTitleSortKeys(db);
    expect(await names('title')).toEqual(['Apple', 'banana', 'Éclair', 'Note 9', 'Note 10']);
    expect(await names('created')).toEqual(['Éclair', 'Note 9', 'Note 10', 'Apple', 'banana']);
    expect((await names('updated')).length).toBe(5);
    const notebookId = notes[0].parent_id;
    expect(
      (await sortedNoteIds(db, { kind: 'notebook', id: notebookId }, 'title', 2)).map((id) => byId.get(id))
    ).toEqual(['Apple', 'banana']);
  });

  it('reads the first ids of every order without the conflict copies, keys filled or not', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    for (let i = 0; i < 8; i++)
      await createNote(db, { title: `n${i}`, created_time: 1000 + i, user_created_time: 1000 + i });
    // Copies first in every order: they would take places in a first read of 4.
    for (const title of ['a copy', 'another copy'])
      await createNote(db, { title, is_conflict: 1, created_time: 9000, user_created_time: 9000 });
    for (const filled of [false, true]) {
      if (filled) await fillTitleSortKeys(db);
      for (const sort of ['title', 'created', 'updated'] as const) {
        const all = await sortedNoteIds(db, { kind: 'all' }, sort);
        expect(all).toHaveLength(8);
        expect(await sortedNoteIds(db, { kind: 'all' }, sort, 4)).toEqual(all.slice(0, 4));
      }
    }
  });

  it('keeps the Title order as notes are renamed, whoever writes them', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const a = await createNote(db, { title: 'Alpha' });
    const b = await createNote(db, { title: 'Beta' });
    await fillTitleSortKeys(db);
    const titles = async () =>
      Promise.all(
        (await sortedNoteIds(db, { kind: 'all' }, 'title')).map(async (id) => (await db.notes.get(id))?.title)
      );
    expect(await titles()).toEqual(['Alpha', 'Beta']);
    await updateNote(db, a.id, { title: 'Zulu' });
    expect(await titles()).toEqual(['Beta', 'Zulu']);
    // A writer that puts the record itself (import, sync) with a stale key gets it corrected.
    await db.notes.put({ ...(await db.notes.get(b.id))!, title: 'Zz top', title_sort: 'a' });
    expect(await titles()).toEqual(['Zulu', 'Zz top']);
    // One page of the order reads only that page.
    expect(await sortedNoteIds(db, { kind: 'all' }, 'title', 1)).toEqual([a.id]);
  });
});
