import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import {
  createNote,
  ensureDefaultNotebook,
  followNoteLinks,
  linkTargets,
  listBacklinks,
  openDatabase,
  SCHEMA_V4,
  SCHEMA_VERSION,
  trashNote,
  updateNote
} from '$lib/db';
import type { FolioDatabase } from './database';

const A = 'a'.repeat(32);

async function followAll(db: FolioDatabase): Promise<void> {
  for (let i = 0; i < 100 && (await followNoteLinks(db)); i++);
}

describe('linkTargets', () => {
  it('finds every :/id link target once, in lower case', () => {
    const body = `[a](:/${A}) ![img](:/${'B'.repeat(32)}) [again](:/${A} "t")\n[ref]: :/${'c'.repeat(32)}\nnot :/${'d'.repeat(33)}`;
    expect(linkTargets(body)).toEqual([A, 'b'.repeat(32), 'c'.repeat(32)]);
  });
});

describe('note links follower', () => {
  it('lists the notes that link to a note, and follows later edits', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const target = await createNote(db, { title: 'Target' });
    const first = await createNote(db, { title: 'Zeta', body: `see [it](:/${target.id})` });
    await createNote(db, { title: 'Unrelated', body: 'nothing' });
    await followAll(db);
    expect(await listBacklinks(db, target.id)).toEqual([{ id: first.id, title: 'Zeta' }]);

    const second = await createNote(db, { title: 'Alpha', body: `[x](:/${target.id})` });
    await updateNote(db, first.id, { body: 'no link any more' });
    await followAll(db);
    expect(await listBacklinks(db, target.id)).toEqual([{ id: second.id, title: 'Alpha' }]);
  });

  it("does not write rows read before another tab's newer step over that tab's rows", async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const target = await createNote(db, { title: 'Target' });
    const linking = await createNote(db, { title: 'Linking', body: 'no link yet' });
    await followAll(db);
    await updateNote(db, linking.id, { body: 'still none' });
    // This tab reads the note; before it writes, the note gains a link and another tab follows.
    const read = db.notes.bulkGet.bind(db.notes);
    let interleaved = false;
    db.notes.bulkGet = (async (keys: string[]) => {
      const notes = await read(keys);
      if (!interleaved) {
        interleaved = true;
        await updateNote(db, linking.id, { body: `[t](:/${target.id})` });
        await followAll(db);
      }
      return notes;
    }) as typeof db.notes.bulkGet;
    await followNoteLinks(db);
    expect(await listBacklinks(db, target.id)).toEqual([{ id: linking.id, title: 'Linking' }]);
  });

  it('leaves out notes in the trash and the note itself', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const target = await createNote(db, { title: 'Target' });
    await updateNote(db, target.id, { body: `[me](:/${target.id})` });
    const linking = await createNote(db, { title: 'Linking', body: `[t](:/${target.id})` });
    await trashNote(db, linking.id);
    await followAll(db);
    expect(await listBacklinks(db, target.id)).toEqual([]);
  });

  it('builds the index of notes written before it ran, in steps', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const target = await createNote(db, { title: 'Target' });
    await db.notes.bulkAdd(
      Array.from({ length: 1200 }, (_, i) => ({
        ...target,
        id: i.toString(16).padStart(32, '0'),
        title: `n${i}`,
        body: i % 100 === 0 ? `:/${target.id}` : ''
      }))
    );
    let steps = 0;
    while (await followNoteLinks(db)) steps++;
    expect(steps).toBeGreaterThanOrEqual(2);
    expect(await listBacklinks(db, target.id)).toHaveLength(12);
  });
});

describe('schema version 5', () => {
  it('opens a version-4 database with its notes and pending conflicts, and an empty links table', async () => {
    const name = `v4-${Math.random()}`;
    const old = new Dexie(name);
    old.version(4).stores(SCHEMA_V4);
    await old.open();
    await old.table('notes').add({
      id: A,
      parent_id: '',
      title: 'kept',
      body: `[x](:/${'e'.repeat(32)})`,
      updated_time: 1,
      deleted_time: 0
    });
    await old.table('conflicts').add({ note_id: A, hunks: [], copy_ids: [], created_time: 1 });
    old.close();
    const db = openDatabase(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    expect((await db.notes.get(A))?.title).toBe('kept');
    expect((await db.conflicts.get(A))?.created_time).toBe(1);
    expect(await db.notes.where('[deleted_time+title]').equals([0, 'kept']).count()).toBe(1);
    expect(await db.note_links.count()).toBe(0);
    await followAll(db);
    expect(await db.note_links.get(A)).toEqual({ note_id: A, targets: ['e'.repeat(32)] });
  });
});
