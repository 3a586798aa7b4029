import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import {
  addTagsToNote,
  createNote,
  createNotebook,
  emptyTrash,
  listTrash,
  trashNote,
  trashNotebook,
  updateNote,
  readChangesSince
} from '$lib/db';

describe('trash', () => {
  it('lists trashed notes and notebooks', async () => {
    const db = freshDb();
    const a = await createNotebook(db, { title: 'A' });
    const n = await createNote(db, { parent_id: a.id });
    await trashNote(db, n.id);
    await trashNotebook(db, a.id);
    const trash = await listTrash(db);
    expect(trash.notes.map((x) => x.id)).toEqual([n.id]);
    expect(trash.notebooks.map((x) => x.id)).toEqual([a.id]);
  });

  it('empties the trash for good, with tag links and history, and logs the deletions', async () => {
    const db = freshDb();
    const a = await createNotebook(db, { title: 'A' });
    const n = await createNote(db, { parent_id: a.id, body: 'v1' });
    await addTagsToNote(db, n.id, ['t']);
    await updateNote(db, n.id, { body: 'v2' }, { source: 'ai' });
    const keep = await createNote(db, { parent_id: a.id });
    await trashNote(db, n.id);
    const result = await emptyTrash(db);
    expect(result).toEqual({ notes: 1, notebooks: 0 });
    expect(await db.notes.get(n.id)).toBeUndefined();
    expect(await db.notes.get(keep.id)).toBeDefined();
    expect(await db.note_tags.count()).toBe(0);
    expect(await db.revisions.count()).toBe(0);
    expect((await readChangesSince(db, 0)).some((c) => c.item_id === n.id && c.kind === 'deleted')).toBe(
      true
    );
  });
});
