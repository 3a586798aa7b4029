import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { noteDefaults } from '$lib/core';
import { freshDb } from '../../../tests/fresh-db';
import { newestFirstIds } from './newest-first-ids';

/** Notes with the given update times (ids in creation order), written straight into the table. */
async function notesUpdatedAt(times: number[]) {
  const db = freshDb();
  await db.notes.bulkPut(
    times.map((t, i) => ({
      ...noteDefaults(t),
      id: i.toString(16).padStart(32, '0'),
      parent_id: 'a'.repeat(32)
    }))
  );
  return db;
}

/** What one reverse read of the whole range gives. */
async function oneRead(
  db: Awaited<ReturnType<typeof notesUpdatedAt>>,
  index: string,
  prefix: (string | number)[]
) {
  return db.notes
    .where(index)
    .between([...prefix, Dexie.minKey], [...prefix, Dexie.maxKey])
    .reverse()
    .primaryKeys();
}

describe('newestFirstIds', () => {
  it('reads in slices exactly what one read of the whole range gives, ties across a slice edge too', async () => {
    // Runs of notes updated at the same ms, longer than a slice, and straddling slice edges.
    const times = [5, 5, 5, 5, 5, 5, 4, 3, 3, 3, 2, 2, 1, 9, 9, 8, 8, 8, 7, 6, 6, 6, 6, 0];
    const db = await notesUpdatedAt(times);
    const expected = await oneRead(db, '[deleted_time+updated_time]', [0]);
    expect(expected).toHaveLength(times.length);
    for (const perRead of [1, 2, 3, 4, 5, 7, 50])
      expect(await newestFirstIds(db, '[deleted_time+updated_time]', [0], perRead)).toEqual(expected);
  });

  it("reads one notebook's range only, leaving out trashed notes", async () => {
    const db = await notesUpdatedAt([3, 2, 2, 1]);
    await db.notes.update('0'.repeat(31) + '1', { parent_id: 'b'.repeat(32) });
    await db.notes.update('0'.repeat(31) + '2', { deleted_time: 10 });
    const prefix = ['a'.repeat(32), 0];
    const ids = await newestFirstIds(db, '[parent_id+deleted_time+updated_time]', prefix, 1);
    expect(ids).toEqual(['0'.repeat(31) + '0', '0'.repeat(31) + '3']);
    expect(ids).toEqual(await oneRead(db, '[parent_id+deleted_time+updated_time]', prefix));
  });

  it('gives nothing for an empty range', async () => {
    const db = await notesUpdatedAt([]);
    expect(await newestFirstIds(db, '[deleted_time+updated_time]', [0], 2)).toEqual([]);
  });
});
