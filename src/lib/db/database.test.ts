import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { openDatabase, readSearchSnapshot, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_VERSION, listRevisions, readChangesSince, writeSearchSnapshot } from '$lib/db';

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
});

describe('schema version 3', () => {
  it('opens a version-2 database with its data, and adds the empty search index store', async () => {
    const name = `upgrade-${Math.random()}`;
    const old = new Dexie(name);
    old.version(2).stores(SCHEMA_V2);
    await old.open();
    await old.table('notes').add({ id: 'b'.repeat(32), parent_id: '', title: 'n', body: 'kept', updated_time: 5, deleted_time: 0 });
    old.close();
    const db = openDatabase(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    expect((await db.notes.get('b'.repeat(32)))?.body).toBe('kept');
    expect(await readSearchSnapshot(db, 'full-text')).toBeUndefined();
    await writeSearchSnapshot(db, { key: 'full-text', seq: 7, saved_time: 1, data: { format: 'x', bytes: new Uint8Array([1, 2]) } });
    expect(await readSearchSnapshot(db, 'full-text')).toMatchObject({ seq: 7, data: { bytes: new Uint8Array([1, 2]) } });
  });
});

describe('schema version 4', () => {
  it('opens a version-3 database, keeping its data and search snapshot, with an empty conflicts table', async () => {
    const name = `upgrade-${Math.random()}`;
    const old = new Dexie(name);
    old.version(3).stores(SCHEMA_V3);
    await old.open();
    await old.table('notes').add({ id: 'b'.repeat(32), parent_id: '', title: 'n', body: 'x', updated_time: 5, deleted_time: 0 });
    await old.table('search_index').add({ key: 'full-text', seq: 3, saved_time: 1, data: null });
    old.close();
    const db = openDatabase(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    expect((await db.notes.get('b'.repeat(32)))?.body).toBe('x');
    expect((await readSearchSnapshot(db, 'full-text'))?.seq).toBe(3);
    expect(await db.conflicts.count()).toBe(0);
  });
});
