/**
 * Reading the change log. Indexers keep the `seq` of the last change they applied and ask for
 * what came after it, so they resume correctly after a reload and see writes from every tab.
 */
import type { Change } from '$lib/core';
import type { FolioDatabase } from './database';

/** Up to `limit` changes with seq greater than `afterSeq`, oldest first. */
export function readChangesSince(db: FolioDatabase, afterSeq: number, limit = 1000): Promise<Change[]> {
  return db.changes.where('seq').above(afterSeq).limit(limit).toArray();
}

/** The seq of the newest change, 0 when the log is empty. */
export async function latestChangeSeq(db: FolioDatabase): Promise<number> {
  const last = await db.changes.orderBy('seq').last();
  return last?.seq ?? 0;
}
