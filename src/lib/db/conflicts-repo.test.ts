import { describe, expect, it } from 'vitest';
import {
  conflictNoteIds,
  conflictVersions,
  createNote,
  ensureDefaultNotebook,
  getConflict,
  getNote,
  listNoteIds,
  listRevisions,
  putConflict,
  resolveConflict,
  resolveConflicts,
  saveNoteEdit,
  updateNote,
  type SyncedRecord
} from '$lib/db';
import { withTheirs } from './conflict-copies';
import { freshDb } from '../../../tests/fresh-db';

async function conflicted() {
  const db = freshDb();
  const home = await ensureDefaultNotebook(db);
  const note = await createNote(db, { title: 'Plan', body: 'mine', parent_id: home.id }, { now: 1000 });
  const theirs = { ...note, body: 'theirs', updated_time: 2000 } as SyncedRecord;
  const copy = await putConflict(db, note, theirs, {
    item_id: note.id,
    item_type: 1,
    updated_time: 2000,
    fingerprint: 'f'
  });
  return { db, note, copy };
}

describe('conflict copies', () => {
  it('keeps the local version as a conflict copy and the remote one in the note', async () => {
    const { db, note, copy } = await conflicted();
    expect((await getNote(db, note.id))?.body).toBe('theirs');
    expect(copy).toMatchObject({
      body: 'mine',
      is_conflict: 1,
      joplin_extra: { conflict_original_id: note.id }
    });
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

/** A merge conflict as an editor's save finds it: another tab wrote "Thursday", this one "Monday". */
async function merged() {
  const db = freshDb();
  await ensureDefaultNotebook(db);
  const base = 'Trip\n\nLeave on Friday.\n\n- tent';
  const note = await createNote(db, { title: 'Trip', body: base }, { source: 'user', tab: 'tab-a', now: 0 });
  const theirs = base.replace('Friday', 'Thursday');
  await updateNote(db, note.id, { body: theirs }, { source: 'mcp', name: 'Claude Code', now: 1000 });
  const mine = `${base.replace('Friday', 'Monday')}\n- socks`;
  await saveNoteEdit(
    db,
    note.id,
    { base: { title: 'Trip', body: base }, patch: { body: mine } },
    { source: 'user', tab: 'tab-a', now: 2000 }
  );
  const record = (await getConflict(db, note.id))!;
  return { db, note, mine, theirs, copyId: record.copy_ids[0] };
}

describe('one kind of conflict copy, one way to resolve it', () => {
  it('makes sync’s and a merge’s copies alike: a whole copy beside the note, naming it', async () => {
    const a = await conflicted();
    const b = await merged();
    const mergeCopy = (await getNote(b.db, b.copyId))!;
    for (const [copy, note] of [
      [a.copy, a.note],
      [mergeCopy, b.note]
    ] as const) {
      expect(copy).toMatchObject({
        is_conflict: 1,
        parent_id: note.parent_id,
        joplin_extra: { conflict_original_id: note.id, is_shared: '0', share_id: '' }
      });
    }
    expect(await conflictVersions(a.db, a.copy.id)).toMatchObject({
      kind: 'sync',
      mine: { id: a.copy.id },
      theirs: { id: a.note.id }
    });
    expect(await conflictVersions(b.db, b.copyId)).toMatchObject({
      kind: 'merge',
      mine: { id: b.note.id, body: b.mine },
      theirs: { id: b.copyId, body: b.theirs },
      theirsAuthor: { source: 'mcp', name: 'Claude Code' }
    });
  });

  it('Keep mine from the copy’s panel closes the editor’s pending conflict and keeps theirs in History', async () => {
    const { db, note, mine, theirs, copyId } = await merged();
    expect(await resolveConflict(db, copyId, 'mine')).toBe(note.id);
    expect(await getConflict(db, note.id)).toBeUndefined();
    expect((await getNote(db, note.id))?.body).toBe(mine);
    expect(await conflictNoteIds(db)).toEqual([]);
    expect((await listRevisions(db, note.id)).map((r) => r.body)).toContain(theirs);
  });

  it('Keep theirs from the panel puts theirs at the conflicting place only, keeping the rest of the edit', async () => {
    const { db, note, mine, copyId } = await merged();
    await resolveConflict(db, copyId, 'theirs');
    expect((await getNote(db, note.id))?.body).toBe('Trip\n\nLeave on Thursday.\n\n- tent\n- socks');
    expect(await getConflict(db, note.id)).toBeUndefined();
    expect(await getNote(db, copyId)).toBeUndefined();
    expect((await listRevisions(db, note.id))[0]).toMatchObject({
      body: mine,
      label: 'Before keeping the other version'
    });
  });

  it('Keep both from the panel makes the copy a note of its own and closes the conflict', async () => {
    const { db, note, theirs, copyId } = await merged();
    await resolveConflict(db, copyId, 'both');
    expect(await getConflict(db, note.id)).toBeUndefined();
    expect(await getNote(db, copyId)).toMatchObject({ is_conflict: 0, body: theirs, deleted_time: 0 });
    expect(new Set(await listNoteIds(db, { kind: 'all' }))).toEqual(new Set([note.id, copyId]));
  });

  it('resolving in the editor closes the copy the panel would show', async () => {
    const { db, note, copyId } = await merged();
    const record = (await getConflict(db, note.id))!;
    await resolveConflicts(
      db,
      note.id,
      record.hunks.map((h) => h.id),
      { source: 'user', tab: 'tab-a' }
    );
    expect(await conflictNoteIds(db)).toEqual([]);
    await expect(resolveConflict(db, copyId, 'mine')).rejects.toThrow(/already resolved/);
  });

  it('leaves a merge’s pending conflict alone when a sync copy of the same note is resolved', async () => {
    const { db, note, copyId } = await merged();
    const current = (await getNote(db, note.id))!;
    const syncCopy = await putConflict(
      db,
      current,
      { ...current, body: 'remote', updated_time: 9000 } as SyncedRecord,
      { item_id: note.id, item_type: 1, updated_time: 9000, fingerprint: 'f' }
    );
    await resolveConflict(db, syncCopy.id, 'theirs');
    expect((await getConflict(db, note.id))?.copy_ids).toEqual([copyId]);
  });
});

describe('withTheirs', () => {
  const hunk = { id: 'h', at: 2, before: '', base: ['b'], mine: ['mine'], theirs: ['theirs'] };
  it('replaces mine by theirs where it is found, else appends theirs', () => {
    expect(withTheirs('x\n\nmine\ny', [hunk])).toBe('x\n\ntheirs\ny');
    expect(withTheirs('rewritten', [hunk])).toBe('rewritten\n\ntheirs');
  });
});
