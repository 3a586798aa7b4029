import { describe, expect, it } from 'vitest';
import { createNote, listTrash, readChangesSince, restoreNote } from '$lib/db';
import { payloadOf, textOf, toolBench } from '../tool-test-kit';

describe('delete_note', () => {
  it('moves the note to the trash, from where it can be restored', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'Old', body: 'text' });
    expect(payloadOf(await call('delete_note', { id: note.id }))).toEqual({ id: note.id, trashed: true });
    expect((await listTrash(db)).notes.map((n) => n.id)).toEqual([note.id]);
    const changes = await readChangesSince(db, 0, 100);
    expect(changes.at(-1)).toMatchObject({ item_id: note.id, source: 'ai' });
    await restoreNote(db, note.id);
    expect((await db.notes.get(note.id))!.deleted_time).toBe(0);
  });

  it('reports an unknown id', async () => {
    const { call } = await toolBench();
    const result = await call('delete_note', { id: 'c'.repeat(32) });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^No note with id c{32}\. Use search_notes/);
  });

  it('reports a note already in the trash', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'Old' });
    await call('delete_note', { id: note.id });
    expect(textOf(await call('delete_note', { id: note.id }))).toContain('is in the trash');
  });

  it('refuses a missing id', async () => {
    const { call } = await toolBench();
    expect(textOf(await call('delete_note', {}))).toBe('Invalid arguments for delete_note: id: required.');
  });
});
