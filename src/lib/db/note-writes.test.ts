import { describe, expect, it, vi } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import { AppError } from '$lib/core';
import {
  createNote,
  ensureDefaultNotebook,
  getConflict,
  getNote,
  listRevisions,
  locateHunk,
  resolveConflicts,
  saveNoteEdit,
  trashNote,
  updateNote,
  writeNote,
  listNoteIds
} from '$lib/db';

const TAB_A = { source: 'user', tab: 'tab-a' } as const;
const TAB_B = { source: 'user', tab: 'tab-b' } as const;

async function noteWith(body: string, title = 'Packing list') {
  const db = freshDb();
  await ensureDefaultNotebook(db);
  const note = await createNote(db, { title, body }, { ...TAB_A, now: 0 });
  return { db, note };
}

describe('writeNote', () => {
  it('applies the change to the note as stored now and names the writer in the change log', async () => {
    const { db, note } = await noteWith('- tent');
    await writeNote(db, note.id, (n) => ({ body: `${n.body}\n- socks` }), {
      source: 'mcp',
      name: 'Claude Code',
      tool: 'update_note'
    });
    expect((await getNote(db, note.id))?.body).toBe('- tent\n- socks');
    const last = await db.changes.where('item_id').equals(note.id).last();
    expect(last).toMatchObject({ source: 'mcp', name: 'Claude Code', text: 1 });
  });

  it('keeps both of two writers in the same second, one after the other', async () => {
    const { db, note } = await noteWith('- tent');
    const append = (text: string, source: 'ai' | 'mcp') =>
      writeNote(db, note.id, (n) => ({ body: `${n.body}\n${text}` }), { source, now: 5000 });
    await Promise.all([append('- socks', 'ai'), append('- map', 'mcp')]);
    const body = (await getNote(db, note.id))!.body;
    expect(body).toContain('- socks');
    expect(body).toContain('- map');
    // Each replaced version is in the history, named by who wrote it.
    const revisions = await listRevisions(db, note.id);
    const authors = revisions.map((r) => r.author?.source);
    expect(authors).toHaveLength(2);
    expect(authors).toContain('user');
    expect(authors.some((a) => a === 'ai' || a === 'mcp')).toBe(true);
  });

  it('refuses a note in the trash, saying so, and changes nothing', async () => {
    const { db, note } = await noteWith('- tent');
    await trashNote(db, note.id);
    const write = writeNote(db, note.id, () => ({ body: 'x' }), { source: 'ai' });
    await expect(write).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/in the trash/)
    });
    expect((await getNote(db, note.id))?.body).toBe('- tent');
  });
});

describe('revisions name their writers', () => {
  it('keeps the version another writer replaces, whatever the throttle, with its author', async () => {
    const { db, note } = await noteWith('- tent');
    await updateNote(db, note.id, { body: '- tent\n- rope' }, { ...TAB_A, now: 1000 });
    await writeNote(db, note.id, (n) => ({ body: `${n.body}\n- socks` }), {
      source: 'ai',
      tool: 'update_note',
      now: 2000
    });
    // The user's next save replaces the assistant's version a second later: it is kept too.
    await updateNote(db, note.id, { body: '- tent\n- rope\n- socks\n- hat' }, { ...TAB_A, now: 3000 });
    const revisions = await listRevisions(db, note.id);
    expect(revisions.map((r) => [r.body, r.author?.source, r.label])).toEqual([
      ['- tent\n- rope\n- socks', 'ai', 'Before your edit'],
      ['- tent\n- rope', 'user', 'Before an edit by the assistant (update_note)'],
      ['- tent', 'user', 'Earlier version']
    ]);
  });

  it('keeps the version of another tab that an edit replaces', async () => {
    const { db, note } = await noteWith('a');
    await updateNote(db, note.id, { body: 'b' }, { ...TAB_B, now: 1000 });
    await updateNote(db, note.id, { body: 'c' }, { ...TAB_A, now: 2000 });
    expect((await listRevisions(db, note.id)).map((r) => [r.body, r.author?.tab])).toEqual([
      ['b', 'tab-b'],
      ['a', 'tab-a']
    ]);
  });
});

describe('saveNoteEdit', () => {
  const base = '# Trip\n\n- tent\n\nLeave on Friday.';

  it('saves the edit as is when the note is still the base', async () => {
    const { db, note } = await noteWith(base);
    const result = await saveNoteEdit(
      db,
      note.id,
      { base: { title: note.title, body: base }, patch: { body: `${base}\n\nCall Sam.` } },
      TAB_A
    );
    expect(result).toMatchObject({ merged: false, conflicts: [], trashed: false });
    expect(result.note.body).toBe(`${base}\n\nCall Sam.`);
  });

  it('merges into a version stored meanwhile instead of writing over it', async () => {
    const { db, note } = await noteWith(base);
    await writeNote(db, note.id, (n) => ({ body: `${n.body}\n\n- socks` }), {
      source: 'mcp',
      name: 'Claude Code'
    });
    const mine = base.replace('- tent', '- tent (big)');
    const result = await saveNoteEdit(
      db,
      note.id,
      { base: { title: note.title, body: base }, patch: { body: mine } },
      TAB_A
    );
    expect(result.merged).toBe(true);
    expect(result.note.body).toBe(`${mine}\n\n- socks`);
    // The MCP client's version is kept, named.
    const [kept] = await listRevisions(db, note.id);
    expect(kept).toMatchObject({
      body: `${base}\n\n- socks`,
      author: { source: 'mcp', name: 'Claude Code' }
    });
  });

  it('keeps the stored title when only the body was edited, and the edit’s title when both renamed', async () => {
    const { db, note } = await noteWith(base);
    await updateNote(db, note.id, { title: 'Trip (B)' }, TAB_B);
    const onlyBody = await saveNoteEdit(
      db,
      note.id,
      { base: { title: 'Packing list', body: base }, patch: { title: 'Packing list', body: `${base}!` } },
      TAB_A
    );
    expect(onlyBody.note.title).toBe('Trip (B)');
    const both = await saveNoteEdit(
      db,
      note.id,
      { base: { title: 'Packing list', body: `${base}!` }, patch: { title: 'Trip (A)' } },
      TAB_A
    );
    expect(both.note.title).toBe('Trip (A)');
  });

  it('records overlapping changes as a conflict: mine in the note, theirs in a conflict copy and the history', async () => {
    const { db, note } = await noteWith(base);
    const theirs = base.replace('Leave on Friday.', 'Leave on Thursday.');
    await updateNote(db, note.id, { body: theirs }, { ...TAB_B, now: 1000 });
    const mine = base.replace('Leave on Friday.', 'Leave on Friday at noon.');
    const result = await saveNoteEdit(
      db,
      note.id,
      { base: { title: note.title, body: base }, patch: { body: mine } },
      { ...TAB_A, now: 2000 }
    );
    expect(result.note.body).toBe(mine);
    expect(result.conflicts).toEqual([
      expect.objectContaining({
        at: 4,
        before: '',
        mine: ['Leave on Friday at noon.'],
        theirs: ['Leave on Thursday.'],
        theirsAuthor: { source: 'user', tab: 'tab-b' }
      })
    ]);
    const record = await getConflict(db, note.id);
    expect(record?.hunks).toHaveLength(1);
    const copy = await getNote(db, record!.copy_ids[0]);
    expect(copy).toMatchObject({ title: 'Packing list (conflict copy)', body: theirs, is_conflict: 1 });
    // Beside its note, as Joplin keeps them: lists leave it out, the Conflicts entry lists it.
    expect(copy!.parent_id).toBe(note.parent_id);
    expect(await listNoteIds(db, { kind: 'conflicts' })).toEqual([copy!.id]);
    expect(await listNoteIds(db, { kind: 'all' })).toEqual([note.id]);
    expect((await listRevisions(db, note.id))[0]).toMatchObject({ body: theirs });
    expect(locateHunk(`Intro\n\n${mine}`, record!.hunks[0])).toBe(6);
  });

  it('removes the record and the copy once every place is resolved', async () => {
    const { db, note } = await noteWith(base);
    await updateNote(db, note.id, { body: base.replace('Friday', 'Thursday') }, TAB_B);
    const result = await saveNoteEdit(
      db,
      note.id,
      { base: { title: note.title, body: base }, patch: { body: base.replace('Friday', 'Monday') } },
      TAB_A
    );
    const record = (await getConflict(db, note.id))!;
    await resolveConflicts(
      db,
      note.id,
      result.conflicts.map((h) => h.id),
      TAB_A
    );
    expect(await getConflict(db, note.id)).toBeUndefined();
    expect(await getNote(db, record.copy_ids[0])).toBeUndefined();
    expect(await listNoteIds(db, { kind: 'conflicts' })).toEqual([]);
  });

  it('keeps the edit of a note trashed meanwhile with it in the trash', async () => {
    const { db, note } = await noteWith(base);
    await trashNote(db, note.id, TAB_B);
    const result = await saveNoteEdit(
      db,
      note.id,
      { base: { title: note.title, body: base }, patch: { body: `${base}\n\nlast words` } },
      TAB_A
    );
    expect(result.trashed).toBe(true);
    expect(await getNote(db, note.id)).toMatchObject({
      body: `${base}\n\nlast words`,
      deleted_time: expect.any(Number)
    });
  });

  it('writes nothing when storage is full during a merge, and says so', async () => {
    const { db, note } = await noteWith(base);
    const theirs = base.replace('Friday', 'Thursday');
    await updateNote(db, note.id, { body: theirs }, TAB_B);
    vi.spyOn(db.conflicts, 'put').mockRejectedValue(
      new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    );
    const save = saveNoteEdit(
      db,
      note.id,
      { base: { title: note.title, body: base }, patch: { body: base.replace('Friday', 'Monday') } },
      TAB_A
    );
    await expect(save).rejects.toBeInstanceOf(AppError);
    await expect(save).rejects.toMatchObject({ code: 'storage_full' });
    expect((await getNote(db, note.id))?.body).toBe(theirs);
    expect(await db.notes.filter((n) => n.is_conflict === 1).count()).toBe(0);
  });
});
