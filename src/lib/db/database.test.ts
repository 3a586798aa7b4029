import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { openDatabase, SCHEMA_V1, SCHEMA_V2, SCHEMA_VERSION, listNoteIds, listRevisions, readChangesSince } from '$lib/db';

/** Writes a database exactly as version 1 of the schema left it. */
async function writeVersion1Fixture(name: string) {
  const old = new Dexie(name);
  old.version(1).stores(SCHEMA_V1);
  await old.open();
  await old.table('folders').add({ id: 'a'.repeat(32), title: 'Old', parent_id: '', deleted_time: 0 });
  await old.table('notes').add({ id: 'b'.repeat(32), parent_id: 'a'.repeat(32), title: 'n', body: 'x', updated_time: 5, deleted_time: 0 });
  await old.table('revisions').add({ id: 'c'.repeat(32), note_id: 'b'.repeat(32), title: 'n', body: 'old', created_time: 1 });
  await old.table('changes').add({ item_id: 'b'.repeat(32), item_type: 1, kind: 'created', time: 1 });
  old.close();
}

describe('schema upgrades', () => {
  it('opens a version-1 database and upgrades it to the current version', async () => {
    const name = `upgrade-${Math.random()}`;
    await writeVersion1Fixture(name);
    const db = openDatabase(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    const [revision] = await listRevisions(db, 'b'.repeat(32));
    expect(revision).toMatchObject({ body: 'old', source: 'user', label: '' });
    const [change] = await readChangesSince(db, 0);
    expect(change.source).toBe('user');
    expect(await db.embeddings.count()).toBe(0);
  });

  it('keeps the data of version 1 through the upgrade', async () => {
    const name = `upgrade-${Math.random()}`;
    await writeVersion1Fixture(name);
    const db = openDatabase(name);
    expect((await db.notes.get('b'.repeat(32)))?.body).toBe('x');
    expect(await db.notes.where('[deleted_time+updated_time]').between([0, 0], [0, 10]).count()).toBe(1);
  });

  it('opens a version-2 database and upgrades it to version 3 with the sync store and the conflict index', async () => {
    const name = `upgrade-${Math.random()}`;
    const old = new Dexie(name);
    old.version(2).stores(SCHEMA_V2);
    await old.open();
    await old.table('folders').add({ id: 'a'.repeat(32), title: 'Old', parent_id: '', deleted_time: 0 });
    await old.table('notes').add({ id: 'b'.repeat(32), parent_id: 'a'.repeat(32), title: 'kept', body: 'x', updated_time: 5, deleted_time: 0, is_conflict: 0 });
    await old.table('notes').add({ id: 'c'.repeat(32), parent_id: 'a'.repeat(32), title: 'copy', body: 'y', updated_time: 6, deleted_time: 0, is_conflict: 1 });
    old.close();
    const db = openDatabase(name);
    await db.open();
    expect(db.verno).toBe(3);
    expect(await db.sync_items.count()).toBe(0);
    expect(await listNoteIds(db, { kind: 'all' })).toEqual(['b'.repeat(32)]);
    expect(await listNoteIds(db, { kind: 'conflicts' })).toEqual(['c'.repeat(32)]);
  });
});
