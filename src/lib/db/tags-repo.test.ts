import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import {
  addTagsToNote,
  createNote,
  ensureDefaultNotebook,
  getNoteTags,
  listTags,
  listTagsInUse,
  removeTagsFromNote,
  trashNote
} from '$lib/db';

describe('tags', () => {
  it('creates missing tags and matches existing ones case-insensitively', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const a = await createNote(db, {});
    const b = await createNote(db, {});
    await addTagsToNote(db, a.id, ['Travel']);
    const { added } = await addTagsToNote(db, b.id, ['travel', 'dogs', 'TRAVEL']);
    expect(added).toEqual(['Travel', 'dogs']);
    expect((await listTags(db)).map((t) => t.title)).toEqual(['dogs', 'Travel']);
  });

  it('does not add a tag a note already has', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const a = await createNote(db, {});
    await addTagsToNote(db, a.id, ['x']);
    expect((await addTagsToNote(db, a.id, ['X'])).added).toEqual([]);
    expect(await getNoteTags(db, a.id)).toHaveLength(1);
  });

  it('removes tags by title and reports only what it removed', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const a = await createNote(db, {});
    await addTagsToNote(db, a.id, ['one', 'two']);
    expect((await removeTagsFromNote(db, a.id, ['ONE', 'three'])).removed).toEqual(['one']);
    expect((await getNoteTags(db, a.id)).map((t) => t.title)).toEqual(['two']);
  });

  it('lists only tags carried by a note outside the trash', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const a = await createNote(db, {});
    const b = await createNote(db, {});
    await addTagsToNote(db, a.id, ['kept']);
    await addTagsToNote(db, b.id, ['gone']);
    await trashNote(db, b.id);
    expect((await listTagsInUse(db)).map((t) => t.title)).toEqual(['kept']);
  });

  it('rejects an empty tag title', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const a = await createNote(db, {});
    await expect(addTagsToNote(db, a.id, [' '])).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});
