import { describe, expect, it } from 'vitest';
import { addTagsToNote, createNote, trashNote, updateNote } from '$lib/db';
import { payloadOf, textOf, toolBench } from '../tool-test-kit';
import { bodyPage } from './read-note';

describe('read_note', () => {
  it('returns the note with its notebook title, tags and to-do state', async () => {
    const { db, call, notebookId } = await toolBench();
    const note = await createNote(db, { title: 'Packing', body: '- socks', is_todo: 1 });
    await addTagsToNote(db, note.id, ['travel', 'Home']);
    await updateNote(db, note.id, { todo_completed: 1234 });
    const stored = (await db.notes.get(note.id))!;
    expect(payloadOf(await call('read_note', { id: note.id }))).toEqual({
      id: note.id,
      title: 'Packing',
      body: '- socks',
      body_length: 7,
      body_offset: 0,
      body_returned_chars: 7,
      has_more: false,
      notebook_id: notebookId,
      notebook_title: 'Notes',
      tags: ['Home', 'travel'],
      is_todo: true,
      todo_completed: true,
      created_time: stored.created_time,
      updated_time: stored.updated_time
    });
  });

  it('pages a long body with offset and max_chars', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'Long', body: 'abcdefghij' });
    const first = payloadOf(await call('read_note', { id: note.id, max_chars: 4 }));
    expect(first).toMatchObject({
      body: 'abcd',
      body_offset: 0,
      body_returned_chars: 4,
      has_more: true,
      body_length: 10
    });
    const last = payloadOf(await call('read_note', { id: note.id, offset: 8, max_chars: 4 }));
    expect(last).toMatchObject({ body: 'ij', body_offset: 8, body_returned_chars: 2, has_more: false });
  });

  it('returns the whole body with max_chars 0', async () => {
    const { db, call } = await toolBench();
    const body = 'x'.repeat(30_000);
    const note = await createNote(db, { title: 'Big', body });
    expect(payloadOf(await call('read_note', { id: note.id })).has_more).toBe(true);
    expect(payloadOf(await call('read_note', { id: note.id, max_chars: 0 })).body).toBe(body);
  });

  it('refuses an offset past the end of the body', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'Short', body: 'abc' });
    expect(textOf(await call('read_note', { id: note.id, offset: 4 }))).toBe(
      'offset: 4 is past the end of the body (body_length 3).'
    );
  });

  it('never splits a surrogate pair at the end of a page', () => {
    expect(bodyPage('a😀b', 0, 2)).toEqual({ text: 'a😀', offset: 0 });
  });

  it('reports an unknown id and points to search_notes', async () => {
    const { call } = await toolBench();
    const result = await call('read_note', { id: '0'.repeat(32) });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(`No note with id ${'0'.repeat(32)}. Use search_notes to find the note's id.`);
  });

  it('treats a note in the trash as not found', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'Gone', body: 'secret' });
    await trashNote(db, note.id);
    const result = await call('read_note', { id: note.id });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('is in the trash');
    expect(textOf(result)).not.toContain('secret');
  });

  it('refuses a negative offset and a missing id', async () => {
    const { call } = await toolBench();
    expect(textOf(await call('read_note', { offset: -1 }))).toBe(
      'Invalid arguments for read_note: id: required; offset: must be at least 0 (got -1).'
    );
  });

  it('reports a malformed id as not found', async () => {
    const { call } = await toolBench();
    expect(textOf(await call('read_note', { id: 'Packing list' }))).toBe(
      "No note with id Packing list. Use search_notes to find the note's id."
    );
  });
});
