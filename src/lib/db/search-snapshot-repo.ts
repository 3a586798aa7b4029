/**
 * The search index's snapshot store. Not part of the change log: a snapshot is derived data, a cache
 * of what the log and the notes already say, so it is written and dropped without logging.
 */
import type { FolioDatabase, SearchIndexRecord } from './database';

/** The snapshot stored under `key`, if any (a failed read counts as none: the index rebuilds). */
export async function readSearchSnapshot(
  db: FolioDatabase,
  key: string
): Promise<SearchIndexRecord | undefined> {
  return db.search_index.get(key);
}

/** Stores a snapshot, replacing the previous one under its key. */
export async function writeSearchSnapshot(db: FolioDatabase, record: SearchIndexRecord): Promise<void> {
  await db.search_index.put(record);
}

/** Drops the snapshot under `key` (one that failed to load is not tried again). */
export async function deleteSearchSnapshot(db: FolioDatabase, key: string): Promise<void> {
  await db.search_index.delete(key);
}
