import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import {
  createNote,
  createNotebook,
  ensureDefaultNotebook,
  getNote,
  listNoteIds,
  restoreNote,
  trashNote,
  trashNotebook,
  updateNote,
  readChangesSince
} from '$lib/db';
import { isId } from '$lib/core';

describe('notes repository', () => {
  it('creates a note in the default notebook with a 32-hex id and ms times', async () => {
    const db = freshDb();
    const book = await ensureDefaultNotebook(db);
    const note = await createNote(db, { title: 'Hello', body: '# Hi' }, { now: 1_700_000_000_000 });
    expect(isId(note.id)).toBe(true);
    expect(note.parent_id).toBe(book.id);
    expect(note.created_time).toBe(1_700_000_000_000);
    expect(await getNote(db, note.id)).toEqual(note);
  });

  it('refuses to create a note when there is no notebook at all', async () => {
    const db = freshDb();
    await expect(createNote(db, { title: 'x' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses a notebook that is in the trash', async () => {
    const db = freshDb();
    const book = await createNotebook(db, { title: 'A' });
    await trashNotebook(db, book.id);
    await expect(createNote(db, { parent_id: book.id })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('logs each write in the change log, in the same transaction', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const note = await createNote(db, { title: 'a' });
    await updateNote(db, note.id, { body: 'b' }, { source: 'ai' });
    const changes = (await readChangesSince(db, 0)).filter((c) => c.item_id === note.id);
    expect(changes.map((c) => [c.kind, c.source])).toEqual([
      ['created', 'user'],
      ['updated', 'ai']
    ]);
  });

  it('leaves no change and no note when the write fails', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const before = (await readChangesSince(db, 0)).length;
    await expect(createNote(db, { parent_id: 'f'.repeat(32) })).rejects.toThrow();
    expect((await readChangesSince(db, 0)).length).toBe(before);
    expect(await db.notes.count()).toBe(0);
  });

  it('moves a deleted note to the trash and restores it to its notebook', async () => {
    const db = freshDb();
    const book = await createNotebook(db, { title: 'A' });
    const note = await createNote(db, { parent_id: book.id, title: 't' });
    await trashNote(db, note.id);
    expect(await listNoteIds(db, { kind: 'all' })).toEqual([]);
    expect(await listNoteIds(db, { kind: 'trash' })).toEqual([note.id]);
    const restored = await restoreNote(db, note.id);
    expect(restored.parent_id).toBe(book.id);
    expect(await listNoteIds(db, { kind: 'notebook', id: book.id })).toEqual([note.id]);
  });

  it('restores a note into the default notebook when its own is gone', async () => {
    const db = freshDb();
    const fallback = await ensureDefaultNotebook(db);
    const other = await createNotebook(db, { title: 'B' });
    const note = await createNote(db, { parent_id: other.id });
    await trashNotebook(db, other.id);
    expect((await restoreNote(db, note.id)).parent_id).toBe(fallback.id);
  });

  it('refuses to update a trashed note', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const note = await createNote(db, {});
    await trashNote(db, note.id);
    await expect(updateNote(db, note.id, { body: 'x' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('lists notes most recently updated first', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const a = await createNote(db, { title: 'a' }, { now: 1000 });
    const b = await createNote(db, { title: 'b' }, { now: 2000 });
    await updateNote(db, a.id, { title: 'a2' }, { now: 3000 });
    expect(await listNoteIds(db, { kind: 'all' })).toEqual([a.id, b.id]);
  });
});
