import { describe, expect, it } from 'vitest';
import { createNote, createNotebook, trashNote, trashNotebook } from '$lib/db';
import { payloadOf, textOf, toolBench } from '../tool-test-kit';

describe('list_notebooks', () => {
  it('lists notebooks flat with parent_id and the live notes directly in each', async () => {
    const { db, call, notebookId } = await toolBench();
    const travel = await createNotebook(db, { title: 'Travel' });
    const europe = await createNotebook(db, { title: 'Europe', parent_id: travel.id });
    await createNote(db, { title: 'Rome', parent_id: europe.id });
    const trashed = await createNote(db, { title: 'Paris', parent_id: europe.id });
    await trashNote(db, trashed.id);
    await createNote(db, { title: 'Inbox' });
    expect(payloadOf(await call('list_notebooks', {}))).toEqual({
      notebooks: [
        { id: europe.id, title: 'Europe', parent_id: travel.id, note_count: 1 },
        { id: notebookId, title: 'Notes', parent_id: null, note_count: 1 },
        { id: travel.id, title: 'Travel', parent_id: null, note_count: 0 }
      ]
    });
  });

  it('leaves out notebooks in the trash', async () => {
    const { db, call } = await toolBench();
    const old = await createNotebook(db, { title: 'Old' });
    await trashNotebook(db, old.id);
    expect(
      payloadOf(await call('list_notebooks', {})).notebooks.map((n: { title: string }) => n.title)
    ).toEqual(['Notes']);
  });

  it('refuses arguments it does not take', async () => {
    const { call } = await toolBench();
    expect(textOf(await call('list_notebooks', { parent: 'x' }))).toBe(
      'Invalid arguments for list_notebooks: parent: unknown property.'
    );
  });
});
