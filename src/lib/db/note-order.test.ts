import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import { createNote, ensureDefaultNotebook, sortedNoteIds, trashNote } from '$lib/db';

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
    expect(await names('title')).toEqual(['Apple', 'banana', 'Éclair', 'Note 9', 'Note 10']);
    expect(await names('created')).toEqual(['Éclair', 'Note 9', 'Note 10', 'Apple', 'banana']);
    expect((await names('updated')).length).toBe(5);
    const notebookId = notes[0].parent_id;
    expect(
      (await sortedNoteIds(db, { kind: 'notebook', id: notebookId }, 'title', 2)).map((id) => byId.get(id))
    ).toEqual(['Apple', 'banana']);
  });
});
