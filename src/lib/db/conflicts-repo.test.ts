import { describe, expect, it } from 'vitest';
import { createNote, ensureDefaultNotebook, getNote, listNoteIds, listRevisions, putConflict, resolveConflict, type SyncedRecord } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';

async function conflicted() {
  const db = freshDb();
  const home = await ensureDefaultNotebook(db);
  const note = await createNote(db, { title: 'Plan', body: 'mine', parent_id: home.id }, { now: 1000 });
  const theirs = { ...note, body: 'theirs', updated_time: 2000 } as SyncedRecord;
  const copy = await putConflict(db, note, theirs, { item_id: note.id, item_type: 1, updated_time: 2000, fingerprint: 'f' });
  return { db, note, copy };
}

describe('conflict copies', () => {
  it('keeps the local version as a conflict copy and the remote one in the note', async () => {
    const { db, note, copy } = await conflicted();
    expect((await getNote(db, note.id))?.body).toBe('theirs');
    expect(copy).toMatchObject({ body: 'mine', is_conflict: 1, joplin_extra: { conflict_original_id: note.id } });
    expect(await listNoteIds(db, { kind: 'conflicts' })).toEqual([copy.id]);
    expect(await listNoteIds(db, { kind: 'all' })).toEqual([note.id]);
    expect((await listRevisions(db, note.id))[0]).toMatchObject({ body: 'mine', source: 'sync' });
  });

  it('Keep mine puts the copy\u2019s text in the note and trashes the copy', async () => {
    const { db, note, copy } = await conflicted();
    expect(await resolveConflict(db, copy.id, 'mine')).toBe(note.id);
    expect((await getNote(db, note.id))?.body).toBe('mine');
    expect((await getNote(db, copy.id))?.deleted_time).toBeGreaterThan(0);
    expect((await listRevisions(db, note.id)).map((r) => r.body)).toContain('theirs');
  });

  it('Keep theirs trashes the copy and leaves the note', async () => {
    const { db, note, copy } = await conflicted();
    await resolveConflict(db, copy.id, 'theirs');
    expect((await getNote(db, note.id))?.body).toBe('theirs');
    expect((await getNote(db, copy.id))?.deleted_time).toBeGreaterThan(0);
  });

  it('Keep both makes the copy an ordinary note', async () => {
    const { db, note, copy } = await conflicted();
    await resolveConflict(db, copy.id, 'both');
    expect((await getNote(db, copy.id))?.is_conflict).toBe(0);
    expect(new Set(await listNoteIds(db, { kind: 'all' }))).toEqual(new Set([note.id, copy.id]));
    await expect(resolveConflict(db, copy.id, 'both')).rejects.toThrow(/already resolved/);
  });
});
