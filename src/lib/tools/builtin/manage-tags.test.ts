import { describe, expect, it } from 'vitest';
import { addTagsToNote, createNote, getNoteTags, trashNote } from '$lib/db';
import { payloadOf, textOf, toolBench } from '../tool-test-kit';

const titles = async (db: Parameters<typeof getNoteTags>[0], id: string) =>
  (await getNoteTags(db, id)).map((t) => t.title);

describe('manage_tags', () => {
  it('adds tags, creating the missing ones and reusing existing ones whatever their case', async () => {
    const { db, call } = await toolBench();
    const other = await createNote(db, { title: 'Other' });
    await addTagsToNote(db, other.id, ['Travel']);
    const note = await createNote(db, { title: 'Packing' });
    const payload = payloadOf(await call('manage_tags', { note_id: note.id, add: ['travel', 'packing'] }));
    expect(payload).toEqual({
      note_id: note.id,
      added: ['Travel', 'packing'],
      removed: [],
      tags: ['packing', 'Travel']
    });
    expect(await db.tags.count()).toBe(2);
  });

  it('removes tags case-insensitively and adds others in the same call', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'Packing' });
    await addTagsToNote(db, note.id, ['Draft']);
    const payload = payloadOf(
      await call('manage_tags', { note_id: note.id, add: ['done'], remove: ['DRAFT'] })
    );
    expect(payload).toEqual({ note_id: note.id, added: ['done'], removed: ['Draft'], tags: ['done'] });
  });

  it('changes nothing when one part fails', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'Packing' });
    await addTagsToNote(db, note.id, ['keep']);
    const result = await call('manage_tags', { note_id: note.id, remove: ['keep'], add: ['  '] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('A tag title cannot be empty.');
    expect(await titles(db, note.id)).toEqual(['keep']);
  });

  it('needs at least one tag in add or remove', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'Packing' });
    expect(textOf(await call('manage_tags', { note_id: note.id, add: [] }))).toBe(
      'Give at least one tag title in add or remove.'
    );
  });

  it('refuses the same tag in add and remove', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'Packing' });
    expect(textOf(await call('manage_tags', { note_id: note.id, add: ['x'], remove: ['X'] }))).toBe(
      'The tag "x" is in both add and remove; choose one.'
    );
  });

  it('reports an unknown and a trashed note, creating no tag', async () => {
    const { db, call } = await toolBench();
    expect(textOf(await call('manage_tags', { note_id: 'a'.repeat(32), add: ['x'] }))).toMatch(
      /^No note with id a{32}\./
    );
    const note = await createNote(db, { title: 'Gone' });
    await trashNote(db, note.id);
    expect(textOf(await call('manage_tags', { note_id: note.id, add: ['x'] }))).toContain('is in the trash');
    expect(await db.tags.count()).toBe(0);
  });

  it('refuses more than 50 tags or an overlong title, naming the limit', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'Packing' });
    const many = Array.from({ length: 51 }, (_, i) => `t${i}`);
    expect(textOf(await call('manage_tags', { note_id: note.id, add: many }))).toBe(
      'add: at most 50 tags per call (got 51).'
    );
    expect(textOf(await call('manage_tags', { note_id: note.id, remove: ['ok', 'x'.repeat(201)] }))).toBe(
      'remove[1]: a tag title is at most 200 characters (got 201).'
    );
    expect(await db.tags.count()).toBe(0);
  });

  it('refuses a tag title that is not a string, naming its position', async () => {
    const { db, call } = await toolBench();
    const note = await createNote(db, { title: 'Packing' });
    expect(textOf(await call('manage_tags', { note_id: note.id, add: ['ok', 3] }))).toBe(
      'Invalid arguments for manage_tags: add[1]: must be a string (got 3).'
    );
  });
});
