import { describe, expect, it } from 'vitest';
import {
  addTagsToNote,
  createNote,
  createNotebook,
  readSearchSnapshot,
  removeTagsFromNote,
  updateNote,
  writeSearchSnapshot,
  type FolioDatabase
} from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { IndexFollower, SNAPSHOT_KEY } from './follower';
import { SearchIndex } from './search-index';

async function library(db: FolioDatabase) {
  const notebook = await createNotebook(db, { title: 'Inbox' });
  const a = await createNote(db, { title: 'Alpha', body: 'walrus tusk', parent_id: notebook.id });
  const b = await createNote(db, { title: 'Beta', body: 'walrus song', parent_id: notebook.id });
  await addTagsToNote(db, a.id, ['sea']);
  return { notebook, a, b };
}

function follow(db: FolioDatabase) {
  const index = new SearchIndex({ keepBodies: false });
  const follower = new IndexFollower(db, index);
  const find = (query: string) => index.search(query, { limit: 100 }).results.map((r) => r.id);
  return { index, follower, find };
}

/** A library indexed and saved by one follower; returns its stored snapshot record. */
async function savedLibrary(db: FolioDatabase) {
  await library(db);
  const first = follow(db);
  await first.follower.start();
  await first.follower.save();
  return (await readSearchSnapshot(db, SNAPSHOT_KEY))!;
}

describe('IndexFollower snapshots', () => {
  it('starts from a saved snapshot and applies the changes made after it', async () => {
    const db = freshDb();
    const { notebook, a, b } = await library(db);
    const first = follow(db);
    await first.follower.start();
    expect(first.follower.started?.kind).toBe('rebuilt');
    const saved = await first.follower.save();

    await updateNote(db, b.id, { body: 'narwhal song' });
    await removeTagsFromNote(db, a.id, ['sea']);
    const c = await createNote(db, { title: 'Gamma', body: 'walrus again', parent_id: notebook.id });

    const second = follow(db);
    await second.follower.start();
    expect(second.follower.started).toEqual({ kind: 'snapshot' });
    expect(second.follower.cursor).toBe(saved);
    expect(second.find('tag:sea')).toEqual([a.id]);
    await second.follower.catchUp();
    expect(second.find('walrus').sort()).toEqual([a.id, c.id].sort());
    expect(second.find('narwhal')).toEqual([b.id]);
    expect(second.find('tag:sea')).toEqual([]);
  });

  it('rebuilds, and drops the snapshot, when it is corrupt', async () => {
    const db = freshDb();
    const { a, b } = await library(db);
    await writeSearchSnapshot(db, {
      key: SNAPSHOT_KEY,
      seq: 1,
      saved_time: 0,
      data: { index: { format: 'folio-fts-1', docCount: 5 }, linkIds: [], linkNoteIds: [] }
    });
    const { follower, find } = follow(db);
    await follower.start();
    expect(follower.started?.kind).toBe('rebuilt');
    expect(follower.started?.reason).toMatch(/refused/);
    expect(find('walrus').sort()).toEqual([a.id, b.id].sort());
    expect(await readSearchSnapshot(db, SNAPSHOT_KEY)).toBeUndefined();
  });

  it('starts from a snapshot record read beforehand, checked as a stored one is', async () => {
    const db = freshDb();
    const record = await savedLibrary(db);
    const second = follow(db);
    await second.follower.start(Promise.resolve(record));
    expect(second.follower.started).toEqual({ kind: 'snapshot' });
    expect(second.find('walrus')).toHaveLength(2);
    const third = follow(db);
    await third.follower.start(Promise.resolve({ ...record, seq: record.seq + 1000 }));
    expect(third.follower.started?.reason).toMatch(/past the change log's end/);
    // Nothing read beforehand: the stored one is read.
    await writeSearchSnapshot(db, record);
    const fourth = follow(db);
    await fourth.follower.start(Promise.resolve(undefined));
    expect(fourth.follower.started).toEqual({ kind: 'snapshot' });
  });

  it('rebuilds when the snapshot claims changes the log does not have', async () => {
    const db = freshDb();
    const record = await savedLibrary(db);
    await writeSearchSnapshot(db, { ...record, seq: record.seq + 1000 });
    const second = follow(db);
    await second.follower.start();
    expect(second.follower.started?.reason).toMatch(/past the change log's end/);
  });

  it('rebuilds with a snapshot of an older format', async () => {
    const db = freshDb();
    const record = await savedLibrary(db);
    const data = record.data as { index: { format: string } };
    await writeSearchSnapshot(db, {
      ...record,
      data: { ...data, index: { ...data.index, format: 'folio-fts-0' } }
    });
    const second = follow(db);
    await second.follower.start();
    expect(second.follower.started?.kind).toBe('rebuilt');
  });
});
