import { describe, expect, it } from 'vitest';
import { addTagsToNote, createNote, removeTagsFromNote } from '$lib/db';
import { payloadOf, textOf, toolBench } from '../tool-test-kit';

describe('list_tags', () => {
  it('lists the tags at least one note carries', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'A' });
    await addTagsToNote(db, note.id, ['travel', 'unused']);
    await removeTagsFromNote(db, note.id, ['unused']);
    const travel = (await db.tags.where('title').equals('travel').first())!;
    expect(payloadOf(await call('list_tags', {}))).toEqual({ tags: [{ id: travel.id, title: 'travel' }] });
  });

  it('returns an empty list when no note is tagged', async () => {
    const { call } = await toolBench();
    expect(payloadOf(await call('list_tags', undefined))).toEqual({ tags: [] });
  });

  it('refuses arguments it does not take', async () => {
    const { call } = await toolBench();
    expect((await call('list_tags', { note_id: 'x' })).isError).toBe(true);
    expect(textOf(await call('list_tags', 'all'))).toBe(
      'Invalid arguments for list_tags: input: must be an object (got "all").'
    );
  });
});
