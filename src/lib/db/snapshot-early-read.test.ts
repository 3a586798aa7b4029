import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import { openDatabase } from './database';
import { writeSearchSnapshot } from './search-snapshot-repo';
import { readSnapshotBeforeOpen } from './snapshot-early-read';

const record = { key: 'full-text', seq: 7, saved_time: 1, data: { format: 'test', terms: ['a', 'b'] } };

describe('readSnapshotBeforeOpen', () => {
  it('reads the stored record, with the version it was read at, without Dexie', async () => {
    const db = freshDb();
    await writeSearchSnapshot(db, record);
    const version = db.backendDB().version;
    db.close();
    expect(await readSnapshotBeforeOpen(db.name, 'full-text')).toEqual({ record, version });
    expect(await readSnapshotBeforeOpen(db.name, 'other')).toEqual({ record: undefined, version });
  });

  it('creates no database where there is none, so Dexie then creates it with its schema', async () => {
    const name = `folio-early-${Math.random().toString(36).slice(2)}`;
    expect(await readSnapshotBeforeOpen(name, 'full-text')).toBeUndefined();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(name);
    const db = openDatabase(name);
    await writeSearchSnapshot(db, record);
    expect(await db.search_index.get('full-text')).toEqual(record);
    db.close();
  });

  it('runs while Dexie opens the same database, and does not hold up an upgrade', async () => {
    const db = freshDb();
    await writeSearchSnapshot(db, record);
    db.close();
    const [early] = await Promise.all([readSnapshotBeforeOpen(db.name, 'full-text'), db.open()]);
    expect(early?.record).toEqual(record);
    // A newer schema (another version) opens at once: the early connection is closed.
    const idb = db.backendDB();
    const next = idb.version + 1;
    db.close();
    const reading = readSnapshotBeforeOpen(db.name, 'full-text');
    const upgraded = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open(db.name, next);
      open.onsuccess = () => {
        resolve(open.result.version);
        open.result.close();
      };
      open.onerror = () => reject(open.error);
      open.onblocked = () => reject(new Error('blocked'));
    });
    expect(upgraded).toBe(next);
    expect((await reading)?.record).toEqual(record);
  });
});
