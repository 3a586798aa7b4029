import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import {
  openDatabase,
  readSearchSnapshot,
  SCHEMA_V1,
  SCHEMA_V2,
  SCHEMA_V3,
  SCHEMA_V5,
  SCHEMA_V6,
  SCHEMA_VERSION,
  sortedNoteIds,
  fillTitleSortKeys,
  listNoteIds,
  listRevisions,
  readChangesSince,
  writeSearchSnapshot
} from '$lib/db';

/** Writes a database exactly as version 1 of the schema left it. */
async function writeVersion1Fixture(name: string) {
  const old = new Dexie(name);
  old.version(1).stores(SCHEMA_V1);
  await old.open();
  await old.table('folders').add({ id: 'a'.repeat(32), title: 'Old', parent_id: '', deleted_time: 0 });
  await old.table('notes').add({
    id: 'b'.repeat(32),
    parent_id: 'a'.repeat(32),
    title: 'n',
    body: 'x',
    updated_time: 5,
    deleted_time: 0
  });
  await old
    .table('revisions')
    .add({ id: 'c'.repeat(32), note_id: 'b'.repeat(32), title: 'n', body: 'old', created_time: 1 });
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
    await old
      .table('notes')
      .add({ id: 'b'.repeat(32), parent_id: '', title: 'n', body: 'kept', updated_time: 5, deleted_time: 0 });
    old.close();
    const db = openDatabase(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    expect((await db.notes.get('b'.repeat(32)))?.body).toBe('kept');
    expect(await readSearchSnapshot(db, 'full-text')).toBeUndefined();
    await writeSearchSnapshot(db, {
      key: 'full-text',
      seq: 7,
      saved_time: 1,
      data: { format: 'x', bytes: new Uint8Array([1, 2]) }
    });
    expect(await readSearchSnapshot(db, 'full-text')).toMatchObject({
      seq: 7,
      data: { bytes: new Uint8Array([1, 2]) }
    });
  });
});

describe('schema versions 4 to 6', () => {
  it('opens a version-3 database, keeping its data and search snapshot, with an empty conflicts table', async () => {
    const name = `upgrade-${Math.random()}`;
    const old = new Dexie(name);
    old.version(3).stores(SCHEMA_V3);
    await old.open();
    await old
      .table('notes')
      .add({ id: 'b'.repeat(32), parent_id: '', title: 'n', body: 'x', updated_time: 5, deleted_time: 0 });
    await old.table('search_index').add({ key: 'full-text', seq: 3, saved_time: 1, data: null });
    old.close();
    const db = openDatabase(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    expect((await db.notes.get('b'.repeat(32)))?.body).toBe('x');
    expect((await readSearchSnapshot(db, 'full-text'))?.seq).toBe(3);
    expect(await db.conflicts.count()).toBe(0);
  });

  it('opens a version-5 database with its data, and upgrades it to version 6 with the sync store and the conflict index', async () => {
    const name = `upgrade-${Math.random()}`;
    const folder = 'a'.repeat(32);
    const old = new Dexie(name);
    old.version(5).stores(SCHEMA_V5);
    await old.open();
    await old.table('note_links').put({ note_id: 'b'.repeat(32), targets: ['f'.repeat(32)] });
    await old
      .table('folders')
      .add({ id: folder, title: 'Old', parent_id: '', deleted_time: 0, updated_time: 1 });
    await old.table('notes').add({
      id: 'b'.repeat(32),
      parent_id: folder,
      title: 'kept',
      body: 'x',
      updated_time: 5,
      deleted_time: 0,
      is_conflict: 0
    });
    await old.table('notes').add({
      id: 'c'.repeat(32),
      parent_id: folder,
      title: 'copy',
      body: 'y',
      updated_time: 6,
      deleted_time: 0,
      is_conflict: 1
    });
    await old.table('notes').add({
      id: 'd'.repeat(32),
      parent_id: folder,
      title: 'binned',
      body: 'z',
      updated_time: 7,
      deleted_time: 8,
      is_conflict: 0
    });
    await old.table('revisions').add({
      id: 'e'.repeat(32),
      note_id: 'b'.repeat(32),
      title: 'kept',
      body: 'before',
      created_time: 4,
      source: 'ai'
    });
    await old
      .table('changes')
      .add({ item_id: 'b'.repeat(32), item_type: 1, type: 2, time: 5, source: 'user' });
    await old.table('settings').put({ key: 'theme', value: 'dark' });
    await old
      .table('search_index')
      .put({ key: 'full-text', seq: 1, saved_time: 2, data: { format: 'x', bytes: new Uint8Array([3, 4]) } });
    await old
      .table('conflicts')
      .put({ note_id: 'b'.repeat(32), hunks: [], copy_ids: ['c'.repeat(32)], created_time: 6 });
    old.close();

    const db = openDatabase(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    // Nothing of version 5 is lost...
    expect(await db.folders.get(folder)).toMatchObject({ title: 'Old' });
    expect((await db.notes.toArray()).map((n) => [n.title, n.body, n.deleted_time, n.is_conflict])).toEqual([
      ['kept', 'x', 0, 0],
      ['copy', 'y', 0, 1],
      ['binned', 'z', 8, 0]
    ]);
    expect(await listRevisions(db, 'b'.repeat(32))).toMatchObject([{ body: 'before', source: 'ai' }]);
    expect(await readChangesSince(db, 0)).toMatchObject([{ item_id: 'b'.repeat(32), source: 'user' }]);
    expect(await db.settings.get('theme')).toMatchObject({ value: 'dark' });
    expect(await readSearchSnapshot(db, 'full-text')).toMatchObject({
      seq: 1,
      data: { bytes: new Uint8Array([3, 4]) }
    });
    expect(await db.conflicts.get('b'.repeat(32))).toMatchObject({ copy_ids: ['c'.repeat(32)] });
    expect(await db.note_links.get('b'.repeat(32))).toMatchObject({ targets: ['f'.repeat(32)] });
    // ...and version 6's additions work on it: the empty sync store, lists that find conflict copies by index.
    expect(await db.sync_items.count()).toBe(0);
    await db.sync_items.put({ item_id: 'b'.repeat(32), item_type: 1, updated_time: 5, fingerprint: 'etag' });
    expect(await db.sync_items.get('b'.repeat(32))).toMatchObject({ fingerprint: 'etag' });
    expect(await db.notes.where('is_conflict').equals(1).primaryKeys()).toEqual(['c'.repeat(32)]);
    expect(await listNoteIds(db, { kind: 'all' })).toEqual(['b'.repeat(32)]);
    expect(await listNoteIds(db, { kind: 'conflicts' })).toEqual(['c'.repeat(32)]);
  });

  it('upgrades a version-6 database to version 7 at once, keys its notes for the Title order in the background, and the order stays the same', async () => {
    const name = `upgrade-${Math.random()}`;
    const old = new Dexie(name);
    old.version(6).stores(SCHEMA_V6);
    await old.open();
    const note = (id: string, title: string) => ({
      id: id.repeat(32),
      parent_id: 'a'.repeat(32),
      title,
      body: '',
      updated_time: 1,
      created_time: 1,
      deleted_time: 0,
      is_conflict: 0
    });
    await old.table('notes').bulkAdd([note('b', 'Note 10'), note('c', 'éclair'), note('d', 'Note 9')]);
    old.close();

    const db = openDatabase(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    const inOrder = ['c', 'd', 'b'].map((c) => c.repeat(32));
    // Not keyed yet: the order is sorted in memory from the raw titles.
    expect((await db.notes.get('c'.repeat(32)))?.title_sort).toBeUndefined();
    expect(await sortedNoteIds(db, { kind: 'all' }, 'title')).toEqual(inOrder);
    await fillTitleSortKeys(db);
    expect((await db.notes.get('c'.repeat(32)))?.title_sort).toBe('eclair');
    expect(await db.notes.where('[deleted_time+title_sort]').between([0, ''], [0, '\uffff']).count()).toBe(3);
    expect(await sortedNoteIds(db, { kind: 'all' }, 'title')).toEqual(inOrder);
    expect(await sortedNoteIds(db, { kind: 'all' }, 'title', 1)).toEqual(inOrder.slice(0, 1));
    // Nothing a user sees changed: the change log holds no entry for it.
    expect(await readChangesSince(db, 0)).toEqual([]);
  });
});
