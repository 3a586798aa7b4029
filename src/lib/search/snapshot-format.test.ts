import { describe, expect, it } from 'vitest';
import {
  addTagsToNote,
  createNote,
  createNotebook,
  readSearchSnapshot,
  removeTagsFromNote,
  writeSearchSnapshot,
  type FolioDatabase,
  type SearchIndexRecord
} from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { IndexFollower, SNAPSHOT_KEY } from './follower';
import { SNAPSHOT_FORMAT, type IndexSnapshot } from './index-snapshot';
import { SearchIndex } from './search-index';

async function library(db: FolioDatabase) {
  const inbox = await createNotebook(db, { title: 'Inbox' });
  const work = await createNotebook(db, { title: 'Work' });
  const a = await createNote(db, { title: 'Alpha', body: 'walrus tusk', parent_id: inbox.id });
  const b = await createNote(db, { title: 'Beta', body: 'walrus song', parent_id: work.id });
  await addTagsToNote(db, a.id, ['sea']);
  return { inbox, work, a, b };
}

function follow(db: FolioDatabase) {
  const index = new SearchIndex({ keepBodies: false });
  const follower = new IndexFollower(db, index);
  const find = (query: string) =>
    index.search(query, { limit: 100 }).results.sort((x, y) => (x.id < y.id ? -1 : 1));
  return { index, follower, find };
}

async function saved(db: FolioDatabase): Promise<SearchIndexRecord> {
  const first = follow(db);
  await first.follower.start();
  await first.follower.save();
  return (await readSearchSnapshot(db, SNAPSHOT_KEY))!;
}

/** A record with the snapshot's index replaced by `change(index)`. */
function withIndex(record: SearchIndexRecord, change: (index: IndexSnapshot) => object): SearchIndexRecord {
  const data = record.data as { index: IndexSnapshot };
  return { ...record, data: { ...data, index: change(data.index) } };
}

describe('search snapshot format ' + SNAPSHOT_FORMAT, () => {
  it('rebuilds from a snapshot of the previous layout (folio-fts-2: parent ids, tag links as arrays), then saves the new one', async () => {
    const db = freshDb();
    const { a, b, inbox } = await library(db);
    const both = [a.id, b.id].sort();
    const record = await saved(db);
    const index = (record.data as { index: IndexSnapshot }).index;
    // The layout folio-fts-2 stored, as an older version of Folio left it in the database.
    const old = {
      ...record,
      data: {
        index: {
          ...index,
          format: 'folio-fts-2',
          parents: { text: inbox.id.repeat(2), ends: new Uint32Array([32, 64]) },
          isTodo: new Uint8Array(2)
        },
        linkIds: ['link'],
        linkNoteIds: [a.id]
      }
    };
    await writeSearchSnapshot(db, old);
    const second = follow(db);
    await second.follower.start();
    expect(second.follower.started).toEqual({
      kind: 'rebuilt',
      reason: `the snapshot was refused: its format folio-fts-2 is not ${SNAPSHOT_FORMAT}`
    });
    expect(await readSearchSnapshot(db, SNAPSHOT_KEY)).toBeUndefined();
    expect(second.find('walrus').map((r) => r.id)).toEqual(both);
    await second.follower.save();
    const third = follow(db);
    await third.follower.start();
    expect(third.follower.started).toEqual({ kind: 'snapshot' });
    expect(third.find('tag:sea').map((r) => r.id)).toEqual([a.id]);
  });

  it('gives back each result’s notebook and answers notebook filters from the stored numbering', async () => {
    const db = freshDb();
    const { a, b, inbox, work } = await library(db);
    await saved(db);
    const restored = follow(db);
    await restored.follower.start();
    expect(restored.follower.started).toEqual({ kind: 'snapshot' });
    const walrus = restored.find('walrus');
    expect(Object.fromEntries(walrus.map((r) => [r.id, r.notebook_id]))).toEqual({
      [a.id]: inbox.id,
      [b.id]: work.id
    });
    expect(restored.find('notebook:Work walrus').map((r) => r.id)).toEqual([b.id]);
    expect(restored.find('-notebook:Work walrus').map((r) => r.id)).toEqual([a.id]);
  });

  it('keeps stored tag links packed until a tag change needs them, then follows it', async () => {
    const db = freshDb();
    const { a } = await library(db);
    await saved(db);
    const restored = follow(db);
    await restored.follower.start();
    await removeTagsFromNote(db, a.id, ['sea']);
    await restored.follower.catchUp();
    expect(restored.find('tag:sea')).toEqual([]);
    // Saved again with the links now held as a Map, and read back.
    await restored.follower.save();
    const again = follow(db);
    await again.follower.start();
    expect(again.follower.started).toEqual({ kind: 'snapshot' });
    await addTagsToNote(db, a.id, ['sea']);
    await again.follower.catchUp();
    expect(again.find('tag:sea').map((r) => r.id)).toEqual([a.id]);
  });

  it('refuses, and rebuilds from, a snapshot of this format whose parts are of another type or out of range', async () => {
    const db = freshDb();
    const { a, b } = await library(db);
    const both = [a.id, b.id].sort();
    const record = await saved(db);
    const broken = [
      withIndex(record, (index) => ({ ...index, notebookOf: new Int32Array([0, 7]) })),
      withIndex(record, (index) => ({ ...index, notebookOf: Float64Array.from(index.notebookOf) })),
      withIndex(record, (index) => ({
        ...index,
        postings: { ...index.postings, offsets: Float64Array.from(index.postings.offsets) }
      })),
      withIndex(record, (index) => ({
        ...index,
        streams: { ...index.streams, start: Float64Array.from(index.streams.start) }
      })),
      withIndex(record, (index) => ({ ...index, numbers: index.numbers.subarray(1) })),
      { ...record, data: { ...(record.data as object), linkIds: ['link'] } }
    ];
    for (const bad of broken) {
      await writeSearchSnapshot(db, bad);
      const next = follow(db);
      await next.follower.start();
      expect(next.follower.started?.kind).toBe('rebuilt');
      expect(next.follower.started?.reason).toMatch(/refused/);
      expect(next.find('walrus').map((r) => r.id)).toEqual(both);
    }
  });
});
