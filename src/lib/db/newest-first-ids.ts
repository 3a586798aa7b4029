/**
 * Every note id of one index range, most recently updated first, read a slice at a time.
 *
 * Why slices: Chromium's IndexedDB serves an origin's requests one at a time, and an index key
 * read checks each entry's record, so one read of 50,000 ids holds the database ~1 s (more on a
 * loaded machine) and every other reader waits behind it — the worker's search among them. Read
 * in slices of `IDS_PER_READ`, another reader waits at most one slice.
 *
 * A slice ends at a key (an `updated_time`), and notes updated at the same ms may straddle it: the
 * ids of the slice's last key are then read whole (one `equals` read, in the index's order), and
 * the next slice starts below that key. Written by hand: Dexie has no paged key read that resumes
 * from a (key, primary key) position.
 */
import Dexie, { type IndexableType } from 'dexie';
import type { FolioDatabase } from './database';

/** How many ids one request reads. */
export const IDS_PER_READ = 1_000;

/**
 * The primary keys of index `index` (a compound index ending in `updated_time`) over the keys
 * `[...prefix, any updated_time]`, in reverse index order: exactly what one reverse read of the
 * whole range returns.
 */
export async function newestFirstIds(
  db: FolioDatabase,
  index: string,
  prefix: (string | number)[],
  perRead = IDS_PER_READ
): Promise<string[]> {
  const ids: string[] = [];
  let upper: IndexableType = [...prefix, Dexie.maxKey];
  let upperIncluded = true;
  for (;;) {
    const slice = (await db.notes
      .where(index)
      .between([...prefix, Dexie.minKey], upper, true, upperIncluded)
      .reverse()
      .limit(perRead)
      .primaryKeys()) as string[];
    if (slice.length < perRead) return [...ids, ...slice];
    const last = await db.notes.get(slice[slice.length - 1]);
    // Deleted between the two reads: the range is read whole instead (rare, and still correct).
    if (!last) return (await newestFirst(db, index, prefix).primaryKeys()) as string[];
    const key: IndexableType = [...prefix, last.updated_time];
    const tied = (await db.notes.where(index).equals(key).reverse().primaryKeys()) as string[];
    const tiedSet = new Set(tied);
    let end = slice.length;
    while (end > 0 && tiedSet.has(slice[end - 1])) end--;
    ids.push(...slice.slice(0, end), ...tied);
    upper = key;
    upperIncluded = false;
  }
}

/** The notes of the keys `[...prefix, any updated_time]` of `index`, most recently updated first. */
export function newestFirst(db: FolioDatabase, index: string, prefix: (string | number)[]) {
  return db.notes
    .where(index)
    .between([...prefix, Dexie.minKey], [...prefix, Dexie.maxKey])
    .reverse();
}
