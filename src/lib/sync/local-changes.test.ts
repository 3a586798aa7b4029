import { describe, expect, it } from 'vitest';
import { ItemType, noteDefaults } from '$lib/core';
import { createNote, ensureDefaultNotebook, latestChangeSeq, putSyncedItems, updateNote } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { localCandidates } from './local-changes';

describe('localCandidates', () => {
  it('reads the changes made here since the cursor, not what sync itself wrote', async () => {
    const db = freshDb();
    await ensureDefaultNotebook(db);
    const cursor = await latestChangeSeq(db);
    const downloaded = {
      ...noteDefaults(1000),
      id: 'd'.repeat(32),
      parent_id: '',
      title: 'From the other device'
    };
    await putSyncedItems(
      db,
      [{ type: ItemType.Note, record: downloaded, expect: null }],
      [{ item_id: downloaded.id, item_type: ItemType.Note, updated_time: 1000, fingerprint: 'f' }]
    );
    const mine = await createNote(db, { title: 'Written here' });
    await updateNote(db, downloaded.id, { body: 'then edited here' });
    const { candidates } = await localCandidates(db, cursor, []);
    expect(candidates.map((c) => c.id).sort()).toEqual([downloaded.id, mine.id].sort());
    const after = await localCandidates(db, await latestChangeSeq(db), []);
    expect(after.candidates).toEqual([]);
  });

  it('leaves out a first sync down entirely', async () => {
    const db = freshDb();
    const cursor = await latestChangeSeq(db);
    const items = Array.from({ length: 3 }, (_, i) => ({
      ...noteDefaults(1000),
      id: String(i).repeat(32),
      parent_id: '',
      title: `n${i}`
    }));
    await putSyncedItems(
      db,
      items.map((record) => ({ type: ItemType.Note, record, expect: null })),
      items.map((r) => ({ item_id: r.id, item_type: ItemType.Note, updated_time: 1000, fingerprint: 'f' }))
    );
    expect((await localCandidates(db, cursor, [])).candidates).toEqual([]);
  });
});
